import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/svc.js';

// Every case runs on a COPY of the shipped rules: the commands write rule files.
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function rulesCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sources-cli-'));
  dirs.push(dir);
  cpSync('rules', dir, { recursive: true });
  return dir;
}

/** Every file of a directory with its content, to prove that nothing was written. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (path: string): void => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else files[relative(dir, full)] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return files;
}

async function svc(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (text) => (out += text), err: (text) => (err += text), env: {} });
  return { code, out, err };
}

const readJson = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const today = new Date().toISOString().slice(0, 10);
const fact = (dir: string, file: string, id: string) => (readJson(dir, file).facts as { id: string; last_verified_at: string | null }[]).find((f) => f.id === id);
const source = (dir: string, id: string) => (readJson(dir, 'sources.json').sources as { id: string; last_checked_at: string | null; note?: string }[]).find((s) => s.id === id);

describe('svc sources verify', () => {
  it('records the check, dates the facts whose sources are now all checked, and leaves the rules valid', async () => {
    const dir = rulesCopy();
    const { code, out, err } = await svc('sources', 'verify', 'gesetze-legal-visa-code-art33', '--on', '2026-11-20', '--note', 'Art. 33 read; fee EUR 30', '--dir', dir);
    expect(code, err).toBe(0);
    expect(out).toContain('source gesetze-legal-visa-code-art33: checked on 2026-11-20 (before: never).');
    expect(source(dir, 'gesetze-legal-visa-code-art33')).toMatchObject({ last_checked_at: '2026-11-20' });
    expect(source(dir, 'gesetze-legal-visa-code-art33')?.note).toMatch(/Last check \(2026-11-20\): Art\. 33 read; fee EUR 30$/);
    // Resting only on this source: dated by the check.
    expect(fact(dir, 'general/fees.json', 'fees.extension')?.last_verified_at).toBe('2026-11-20');
    expect(fact(dir, 'general/visa_extension.json', 'visa_extension.mandatory')?.last_verified_at).toBe('2026-11-20');
    expect((await svc('rules', 'check', '--dir', dir)).code).toBe(0);
  });

  it('never dates a fact that also rests on a source nobody checked; dates it once that one is checked too', async () => {
    const dir = rulesCopy();
    // visa_types.uniform_visa rests on gesetze-legal-visa-code-art2 and sk-minv-visa-types, both undated.
    expect((await svc('sources', 'verify', 'gesetze-legal-visa-code-art2', '--on', '2026-11-01', '--dir', dir)).code).toBe(0);
    expect(fact(dir, 'general/visa_types.json', 'visa_types.uniform_visa')?.last_verified_at).toBeNull();
    expect((await svc('sources', 'verify', 'sk-minv-visa-types', '--on', '2026-11-10', '--dir', dir)).code).toBe(0);
    // The oldest check of its sources.
    expect(fact(dir, 'general/visa_types.json', 'visa_types.uniform_visa')?.last_verified_at).toBe('2026-11-01');
  });

  it('--json prints one document with what was written', async () => {
    const dir = rulesCopy();
    const { code, out } = await svc('sources', 'verify', 'ec-decision-visa-application', '--dir', dir, '--json');
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report).toMatchObject({ ok: true, id: 'ec-decision-visa-application', on: today, previous_checked_at: null });
    expect(report.files).toContain('sources.json');
    expect(report.dated).toEqual(expect.arrayContaining([{ file: 'general/processing_time.json', id: 'processing_time.prior_consultation_days', last_verified_at: today }]));
  });

  it.each([
    ['an unknown id', ['no-such-source'], /source "no-such-source" is not in sources\.json/],
    ['a future date', ['ec-schengen-area', '--on', '2999-01-01'], /2999-01-01 is in the future/],
    ['a date that does not exist', ['ec-schengen-area', '--on', '2026-02-30'], /"2026-02-30" is not a calendar date/],
    ['a date before the recorded check', ['eurlex-reg-2018-1806', '--on', '2020-01-01'], /already checked on 2026-08-19, after 2020-01-01/],
  ])('refuses %s with exit 1 and a message, and writes nothing', async (_case, args, message) => {
    const dir = rulesCopy();
    const before = snapshot(dir);
    const { code, out, err } = await svc('sources', 'verify', ...args, '--dir', dir);
    expect(code, out).toBe(1);
    expect(err).toMatch(message);
    expect(err).toContain('fix: ');
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses rules that do not pass the check (a bad file) with exit 1, and writes nothing', async () => {
    const dir = rulesCopy();
    writeFileSync(join(dir, 'general/fees.json'), '{ "topic": "fees", "facts": [ ');
    const before = snapshot(dir);
    const { code, err } = await svc('sources', 'verify', 'gesetze-legal-visa-code-art33', '--dir', dir);
    expect(code).toBe(1);
    expect(err).toMatch(/the rules in .* have \d+ problem\(s\); nothing was written/);
    expect(err).toContain(`svc rules check --dir ${dir}`);
    expect(snapshot(dir)).toEqual(before);
  });

  it('with --json, a refusal is one JSON document too', async () => {
    const dir = rulesCopy();
    const { code, out } = await svc('sources', 'verify', 'no-such-source', '--dir', dir, '--json');
    expect(code).toBe(1);
    expect(JSON.parse(out)).toMatchObject({ ok: false, error: { message: 'source "no-such-source" is not in sources.json' } });
  });

  it.each([[['sources', 'verify']], [['sources', 'verify', 'a', 'b']], [['sources', 'check']], [['sources', 'verify', 'x', '--when', 'now']]])('usage error %j exits 2', async (args) => {
    expect((await svc(...args)).code).toBe(2);
  });
});

describe('svc sources stale', () => {
  it('lists the never-checked and the stale sources; --json gives the counts the registry implies', async () => {
    const dir = rulesCopy();
    const { code, out } = await svc('sources', 'stale', '--dir', dir, '--json');
    expect(code).toBe(0);
    const report = JSON.parse(out);
    const registry = readJson(dir, 'sources.json').sources as { id: string; last_checked_at: string | null }[];
    expect(report.sources).toBe(registry.length);
    expect(report.never_checked.map((s: { id: string }) => s.id).sort()).toEqual(registry.filter((s) => s.last_checked_at === null).map((s) => s.id).sort());
    expect(report.older_than_days).toBe(365);
    for (const s of report.stale) expect(s.last_checked_at < report.checked_before).toBe(true);
    const fresh = registry.filter((s) => s.last_checked_at !== null && s.last_checked_at >= report.checked_before).map((s) => s.id);
    expect(report.stale.map((s: { id: string }) => s.id).filter((id: string) => fresh.includes(id))).toEqual([]);
  });

  it('--older-than narrows the window; a checked source leaves the list', async () => {
    const dir = rulesCopy();
    const wide = JSON.parse((await svc('sources', 'stale', '--dir', dir, '--older-than', '30d', '--json')).out);
    const narrow = JSON.parse((await svc('sources', 'stale', '--dir', dir, '--older-than', '3650d', '--json')).out);
    expect(wide.stale.length).toBeGreaterThan(narrow.stale.length);
    await svc('sources', 'verify', 'ec-schengen-area', '--dir', dir);
    const after = JSON.parse((await svc('sources', 'stale', '--dir', dir, '--json')).out);
    expect(after.never_checked.map((s: { id: string }) => s.id)).not.toContain('ec-schengen-area');
    expect(after.stale.map((s: { id: string }) => s.id)).not.toContain('ec-schengen-area');
  });

  it('prints a readable list, and exits 2 on a bad --older-than and 1 on rules that do not load', async () => {
    const dir = rulesCopy();
    const { code, out } = await svc('sources', 'stale', '--dir', dir);
    expect(code).toBe(0);
    expect(out).toMatch(/registered, \d+ never checked, \d+ last checked before \d{4}-\d{2}-\d{2}/);
    expect(out).toContain('never checked:');
    expect((await svc('sources', 'stale', '--dir', dir, '--older-than', 'a year')).code).toBe(2);
    writeFileSync(join(dir, 'sources.json'), 'not json');
    const broken = await svc('sources', 'stale', '--dir', dir);
    expect(broken.code).toBe(1);
    expect(broken.err).toContain('svc rules check');
  });
});
