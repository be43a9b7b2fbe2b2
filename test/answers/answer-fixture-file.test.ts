import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAnswerFixtures } from '../../src/quality/answer-fixture.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fixtureDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'answer-fixtures-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

const good = { id: 'fees-adult', question: 'How much is the visa fee?', expect: { intent: 'visa_fees', answered: true, facts: [{ id: 'fees.adult', value: 90 }] } };

describe('answer fixture files', () => {
  it('load every case of every file with its file name', () => {
    const cases = loadAnswerFixtures(fixtureDir({ 'a.json': { cases: [good] }, 'b.json': { cases: [{ ...good, id: 'fees-adult-2' }] } }));
    expect(cases.map((c) => `${c.file}:${c.id}`)).toEqual(['a.json:fees-adult', 'b.json:fees-adult-2']);
  });

  it.each([
    { name: 'a null answer without its reason', file: { cases: [{ ...good, expect: { intent: 'out_of_scope', answered: false } }] }, message: 'a.json $.cases.0.expect.reason: a null answer needs its reason' },
    { name: 'an answered case with a reason', file: { cases: [{ ...good, expect: { ...good.expect, reason: 'out_of_scope' } }] }, message: 'an answered case has no reason' },
    { name: 'capability_not_available without the capability', file: { cases: [{ ...good, expect: { intent: 'appointments', answered: false, reason: 'capability_not_available' } }] }, message: 'name the capability' },
    { name: 'an unknown reason', file: { cases: [{ ...good, expect: { intent: 'x', answered: false, reason: 'because' } }] }, message: 'a.json $.cases.0.expect.reason' },
    { name: 'an id that is not kebab-case', file: { cases: [{ ...good, id: 'Fees Adult' }] }, message: 'a.json $.cases.0.id: kebab-case' },
    { name: 'an unknown key', file: { cases: [{ ...good, expected: {} }] }, message: 'a.json $.cases.0' },
    { name: 'a hint of days over 90', file: { cases: [{ ...good, hints: { days: 91 } }] }, message: 'a.json $.cases.0.hints.days' },
    { name: 'broken JSON', file: '{ "cases": [', message: 'a.json: not valid JSON' },
  ])('reject $name, naming the file and the path', ({ file, message }) => {
    expect(() => loadAnswerFixtures(fixtureDir({ 'a.json': file }))).toThrow(message);
  });

  it('reject an id used twice across files', () => {
    expect(() => loadAnswerFixtures(fixtureDir({ 'a.json': { cases: [good] }, 'b.json': { cases: [good] } }))).toThrow('b.json: duplicate case id "fees-adult" (also in a.json)');
  });
});
