import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/svc.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function svc(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (text) => (out += text), err: (text) => (err += text), env: {} });
  return { code, out, err };
}

function brokenRules(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rules-cli-'));
  dirs.push(dir);
  cpSync('rules', dir, { recursive: true });
  const file = join(dir, 'financial/pt.json');
  const json = JSON.parse(readFileSync(file, 'utf8'));
  json.variants[0].bands[0].calculation.per_entry = 0;
  json.sources.push('vistos-mne');
  writeFileSync(file, JSON.stringify(json, null, 2));
  return dir;
}

describe('svc rules check', () => {
  it('exits 0 and says so when the shipped rules are valid', async () => {
    const { code, out } = await svc('rules', 'check');
    expect(code, out).toBe(0);
    expect(out).toMatch(/rules in rules: \d+ files checked, no problems\./);
  });

  it('prints each problem with file, JSON path, problem and fix, and exits 1', async () => {
    const { code, out } = await svc('rules', 'check', '--dir', brokenRules());
    expect(code, out).toBe(1);
    expect(out).toContain('2 problem(s)');
    expect(out).toContain('financial/pt.json $.variants[0].bands[0].calculation.per_entry\n    problem: must be a positive amount (got 0)\n    fix: Use a number greater than 0.');
    expect(out).toContain('financial/pt.json $.sources[3]\n    problem: source "vistos-mne" is not in sources.json\n    fix: Add the source to sources.json or correct the id.');
  });

  it('--json prints one JSON document with the same problems', async () => {
    const { code, out } = await svc('rules', 'check', '--dir', brokenRules(), '--json');
    expect(code).toBe(1);
    const report = JSON.parse(out);
    expect(report.ok).toBe(false);
    expect(report.problems).toHaveLength(2);
    expect(report.problems[0]).toEqual({ file: 'financial/pt.json', path: '$.variants[0].bands[0].calculation.per_entry', message: 'must be a positive amount (got 0)', fix: 'Use a number greater than 0.' });
  });

  it('reports a language table and a capability registry problem with file, JSON path and fix, next to the knowledge ones', async () => {
    const dir = brokenRules();
    const intents = JSON.parse(readFileSync(join(dir, 'language/intents.json'), 'utf8'));
    intents.intents[0].route.capability = 'weather';
    writeFileSync(join(dir, 'language/intents.json'), JSON.stringify(intents, null, 2));
    const capabilities = JSON.parse(readFileSync(join(dir, 'capabilities.json'), 'utf8'));
    capabilities.capabilities[0].state = 'maybe';
    writeFileSync(join(dir, 'capabilities.json'), JSON.stringify(capabilities, null, 2));
    const { code, out } = await svc('rules', 'check', '--dir', dir, '--json');
    expect(code).toBe(1);
    const report = JSON.parse(out) as { problems: { file: string; path: string; message: string; fix: string }[] };
    expect(report.problems.map((p) => p.file).sort()).toEqual(['capabilities.json', 'financial/pt.json', 'financial/pt.json', 'language/intents.json']);
    expect(report.problems.find((p) => p.file === 'language/intents.json')).toMatchObject({ path: '$.intents[0].route.capability', message: expect.stringContaining('"weather" is not allowed'), fix: expect.stringContaining('Use one of') });
    expect(report.problems.find((p) => p.file === 'capabilities.json')).toMatchObject({ path: '$.capabilities[0].state', message: expect.stringContaining('"maybe" is not allowed') });
  });

  it('reports an asks.json answerer that is neither a topic nor a fact, so a renamed fact cannot silently stop answering', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rules-cli-'));
    dirs.push(dir);
    cpSync('rules', dir, { recursive: true });
    const asks = JSON.parse(readFileSync(join(dir, 'language/asks.json'), 'utf8'));
    const duration = asks.kinds.findIndex((kind: { id: string }) => kind.id === 'duration');
    asks.kinds[duration].answered_by.push('etias.validity_years');
    writeFileSync(join(dir, 'language/asks.json'), JSON.stringify(asks, null, 2));
    const { code, out } = await svc('rules', 'check', '--dir', dir, '--json');
    expect(code, out).toBe(1);
    expect(JSON.parse(out).problems).toEqual([
      {
        file: 'language/asks.json',
        path: `$.kinds[${duration}].answered_by`,
        message: '"etias.validity_years" is neither a topic nor the id of a fact in the rules',
        fix: expect.stringContaining('existing fact id'),
      },
    ]);
  });

  it('reports a fact cue (English or another language) of a fact its topic never writes, with the file, path and the facts it could name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rules-cli-'));
    dirs.push(dir);
    cpSync('rules', dir, { recursive: true });
    const cues = JSON.parse(readFileSync(join(dir, 'language/fact-cues.json'), 'utf8'));
    cues.topics.fees['fees.adults'] = ['adult'];
    writeFileSync(join(dir, 'language/fact-cues.json'), JSON.stringify(cues, null, 2));
    const french = JSON.parse(readFileSync(join(dir, 'language/fr.json'), 'utf8'));
    french.fact_cues = { overview: [], topics: { insurance: { 'fees.adult': ['adulte'] } } };
    writeFileSync(join(dir, 'language/fr.json'), JSON.stringify(french, null, 2));
    const { code, out } = await svc('rules', 'check', '--dir', dir, '--json');
    expect(code, out).toBe(1);
    expect(JSON.parse(out).problems).toEqual([
      { file: 'language/fact-cues.json', path: '$.topics.fees.fees.adults', message: 'no answer of the topic fees writes the fact "fees.adults"', fix: expect.stringContaining('fees.adult, fees.child_6_to_11') },
      { file: 'language/fr.json', path: '$.fact_cues.topics.insurance.fees.adult', message: 'no answer of the topic insurance writes the fact "fees.adult"', fix: expect.stringContaining('insurance.min_cover') },
    ]);
  });

  it.each([
    [['rules'], 2],
    [['rules', 'verify'], 2],
    [['rules', 'reload'], 2],
    [['rules', 'check', '--bogus'], 2],
  ])('svc %j is a usage error (exit %i)', async (args, expected) => {
    const { code, err } = await svc(...args);
    expect(code, err).toBe(expected);
    expect(err.length).toBeGreaterThan(0);
  });

  it('reload refuses to signal the server when the files are invalid', async () => {
    const { code, out } = await svc('rules', 'reload', '--pid', '999999', '--dir', brokenRules());
    expect(code).toBe(1);
    expect(out).toContain('2 problem(s)');
  });
});

describe('svc --json', () => {
  it.each([
    { args: ['rules', 'bogus', '--json'], code: 2, document: { error: { message: expect.stringContaining('expected "check" or "reload"') } } },
    { args: ['rules', 'reload', '--json'], code: 2, document: { error: { message: expect.stringMatching(/^--pid <server pid> is required/) } } },
    { args: ['no-such-command', '--json'], code: 2, document: { error: { message: expect.stringContaining('unknown command "no-such-command"') } } },
    { args: ['help', '--json'], code: 0, document: { commands: expect.arrayContaining([{ name: 'rules', summary: expect.any(String) }]) } },
    { args: ['--json'], code: 2, document: { commands: expect.any(Array) } },
    { args: ['rules', '--help', '--json'], code: 0, document: { command: 'rules', usage: expect.stringContaining('svc rules check') } },
  ])('svc $args prints exactly one JSON document on stdout and exits $code', async ({ args, code, document }) => {
    const result = await svc(...args);
    expect(result.code, result.err).toBe(code);
    expect(result.out.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(result.out)).toEqual(document);
  });
});
