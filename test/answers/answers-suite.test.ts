import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/svc.js';

// `svc fixtures --suite answers` over a small fixture folder: one case right, one deliberately wrong.
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'answers-suite-'));
  writeFileSync(
    join(dir, 'cases.json'),
    JSON.stringify({
      cases: [
        { id: 'fee-right', question: 'How much does a Schengen visa cost?', expect: { intent: 'visa_fees', answered: true, facts: [{ id: 'fees.adult', value: { amount: 90, currency: 'EUR' } }] } },
        { id: 'fee-wrong', question: 'How much does a Schengen visa cost?', expect: { intent: 'visa_fees', answered: true, facts: [{ id: 'fees.adult', value: { amount: 80, currency: 'EUR' } }], text_contains: ['€80'] } },
      ],
    }),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[], fixtures = dir) {
  let out = '';
  let err = '';
  const code = await runCli(['fixtures', '--suite', 'answers', '--dir', fixtures, ...args], { out: (t) => void (out += t), err: (t) => void (err += t), env: {} });
  return { code, out, err };
}

describe('svc fixtures --suite answers', () => {
  it('exits 1 on a failing case, with the summary per intent and the differences', async () => {
    const { code, out, err } = await run([]);
    expect(code, out + err).toBe(1);
    expect(out).toMatch(/visa_fees\s+2\s+1\s+1/);
    expect(out).toContain('✗ fee-wrong (cases.json)');
    expect(out).toContain('fact fees.adult: expected value {"amount":80,"currency":"EUR"}, got {"amount":90,"currency":"EUR"}');
    expect(out).toContain('text lacks "€80"');
    expect(err).toContain('2/2');
  });

  it('writes JUnit XML with one testcase per case and the failure message', async () => {
    const file = join(dir, 'junit.xml');
    await run(['--junit', file]);
    const xml = readFileSync(file, 'utf8');
    expect(xml).toContain('<testsuites name="answers" tests="2" failures="1"');
    expect(xml).toContain('name="fee-right"');
    expect(xml).toMatch(/name="fee-wrong"[^>]*>\s*<failure message="fact fees.adult: expected value/);
  });

  it('exits 0 when every selected case passes, and prints one JSON document with --json', async () => {
    const { code, out } = await run(['--only', 'right', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ suite: 'answers', cases: 1, passed: 1, failed: 0 });
  });

  it('exits 2 on an invalid fixture folder', async () => {
    const { code, err } = await run([], join(dir, 'missing'));
    expect(code).toBe(2);
    expect(err).toContain('svc fixtures');
  });
});
