import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/command.js';
import { fixturesCommand } from '../../src/cli/commands/fixtures.js';

function captureIo(): CliIo & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return { out: (text) => void (out += text), err: (text) => void (err += text), env: {}, stdout: () => out, stderr: () => err };
}

describe('svc fixtures --suite classification', () => {
  it('prints one JSON document with the dev, held-out and blind parts and exits 0 when the floors are met', async () => {
    const io = captureIo();
    const code = await fixturesCommand.run(['--suite', 'classification', '--json'], io);
    const document = JSON.parse(io.stdout()) as { suite: string; floors_met: boolean; parts: Record<string, { cases: number; per_intent: unknown[]; confusion: object }> };
    expect(code, io.stdout()).toBe(0);
    expect(document).toMatchObject({ suite: 'classification', floors_met: true });
    expect(Object.keys(document.parts)).toEqual(['dev', 'held-out', 'blind']);
    expect(document.parts['held-out']?.per_intent.length).toBeGreaterThan(20);
  });

  it('reports the real questions of each other language separately: intent, operation, country and entities per part', async () => {
    const io = captureIo();
    await fixturesCommand.run(['--suite', 'classification', '--json'], io);
    const document = JSON.parse(io.stdout()) as { languages: Record<string, Record<string, { cases: number; intent: { total: number }; days: { total: number } }>> };
    expect(Object.keys(document.languages).sort()).toEqual(['ar', 'de', 'es', 'fr', 'it', 'nl', 'pl', 'pt', 'ru', 'tr', 'zh']);
    for (const [language, parts] of Object.entries(document.languages)) {
      expect(Object.keys(parts), language).toEqual(['dev', 'held-out']);
      for (const report of Object.values(parts)) expect(report.intent.total, language).toBe(report.cases);
    }
    const text = captureIo();
    await fixturesCommand.run(['--suite', 'classification'], text);
    expect(text.stdout()).toMatch(/Real questions per language[\s\S]*fr held-out/);
  }, 120_000); // two whole runs of the classification suite: over 30 s when the test files run in parallel on 2 cores

  it('prints precision, recall, confusion and calibration as text', async () => {
    const io = captureIo();
    await fixturesCommand.run(['--suite', 'classification'], io);
    for (const heading of ['per-intent precision and recall', 'confusion between intents', 'accuracy by confidence band', 'Held-out floors met.']) {
      expect(io.stdout()).toContain(heading);
    }
  });

  it.each([
    ['an unknown suite', ['--suite', 'poetry']],
    ['an unknown option', ['--suite', 'classification', '--colour']],
    ['a missing fixtures folder', ['--suite', 'classification', '--dir', 'no/such/folder']],
  ])('exits 2 on %s', async (_label, args) => {
    const io = captureIo();
    expect(await fixturesCommand.run(args, io)).toBe(2);
    expect(io.stderr()).not.toBe('');
  });
});

describe('svc fixtures --suite real', () => {
  const realCase = (question: string, labels: Record<string, unknown>) => ({
    question,
    source_url: 'https://example.org/faq',
    intent: 'visa_fees',
    operation: 'POST /answer',
    country: null,
    travel_purpose: null,
    days: null,
    nationality: null,
    answerable: true,
    topic: 'fees',
    null_kind: null,
    ...labels,
  });

  it('scores each part: intent, operation, right topic through /answer, neighbouring-fact answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-real-'));
    try {
      const cases = [
        realCase('How much is the Schengen visa fee?', {}),
        realCase('What is the phone number of the Italian consulate in Lagos?', { intent: 'country_information', operation: 'GET /countries/{country}', country: 'IT', answerable: false, topic: null, null_kind: 'contact' }),
      ];
      writeFileSync(join(dir, 'en.dev.json'), JSON.stringify({ language: 'en', part: 'dev', cases }));
      const io = captureIo();
      const code = await fixturesCommand.run(['--suite', 'real', '--dir', dir, '--json'], io);
      const document = JSON.parse(io.stdout()) as { suite: string; targets_met: boolean | null; parts: Record<string, { cases: number; intent: { rate: number }; operation: { rate: number }; right_topic: { correct: number; total: number }; neighbouring: { correct: number; total: number } }> };
      expect(code).toBe(0);
      expect(document).toMatchObject({ suite: 'real', targets_met: null });
      expect(document.parts.dev).toMatchObject({ cases: 2, intent: { rate: 1 }, operation: { rate: 1 }, right_topic: { correct: 1, total: 1 }, neighbouring: { correct: 0, total: 1 } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('groups the dev failures by check and expected → got, scores one half by site with --half, never prints held-out failures', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-real-'));
    try {
      // example.com ends its MD5 in an even hex digit (half a), example.org in an odd one (half b).
      const wrong = { intent: 'etias', topic: 'etias' };
      const dev = [
        realCase('How much is the Schengen visa fee?', { source_url: 'https://www.example.com/faq', ...wrong }),
        realCase('What does a Schengen visa cost?', { source_url: 'https://example.com/visa', ...wrong }),
        realCase('Is the visa fee refundable?', { source_url: 'https://example.org/faq', ...wrong }),
      ];
      writeFileSync(join(dir, 'en.dev.json'), JSON.stringify({ language: 'en', part: 'dev', cases: dev }));
      writeFileSync(join(dir, 'en.held-out.json'), JSON.stringify({ language: 'en', part: 'held-out', cases: [realCase('How much is the visa fee for children?', wrong)] }));

      const half = captureIo();
      expect(await fixturesCommand.run(['--suite', 'real', '--dir', dir, '--half', 'a', '--grouped'], half)).toBe(0);
      expect(half.stdout()).toMatch(/dev\s+2 /);
      expect(half.stdout()).toContain('intent: "etias" → "visa_fees" (2)');
      expect(half.stdout()).not.toMatch(/^held-out\s+\d/m);

      const all = captureIo();
      expect(await fixturesCommand.run(['--suite', 'real', '--dir', dir, '--failures', '--grouped'], all)).toBe(1);
      expect(all.stdout()).toContain('intent: "etias" → "visa_fees" (3)');
      expect(all.stdout()).toContain('held-out: failures not printed');
      expect(all.stdout()).not.toContain('children');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('scores every language that has a corpus with --language all, one part per language', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-real-'));
    try {
      writeFileSync(join(dir, 'en.dev.json'), JSON.stringify({ language: 'en', part: 'dev', cases: [realCase('How much is the Schengen visa fee?', {})] }));
      writeFileSync(join(dir, 'hi.dev.json'), JSON.stringify({ language: 'hi', part: 'dev', cases: [realCase('not a supported language, never read', {})] }));
      const cases = [realCase('Quel est le prix du visa Schengen ?', { intent: 'unknown', operation: null, answerable: false, topic: null, null_kind: 'low_information' })];
      writeFileSync(join(dir, 'fr.dev.json'), JSON.stringify({ language: 'fr', part: 'dev', cases }));
      const io = captureIo();
      const code = await fixturesCommand.run(['--suite', 'real', '--dir', dir, '--language', 'all', '--json'], io);
      const document = JSON.parse(io.stdout()) as { parts: Record<string, { cases: number }> };
      expect(code).toBe(0);
      expect(Object.keys(document.parts)).toEqual(['en dev', 'fr dev']);
      expect(document.parts['fr dev']).toMatchObject({ cases: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 on --half with the held-out part or an unknown half', async () => {
    for (const args of [['--half', 'c'], ['--half', 'a', '--part', 'held-out']]) {
      const io = captureIo();
      expect(await fixturesCommand.run(['--suite', 'real', ...args], io)).toBe(2);
      expect(io.stderr()).toContain('--half');
    }
  });

  it('exits 2 on a corpus file that breaks the format, naming the field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-real-'));
    try {
      writeFileSync(join(dir, 'en.dev.json'), JSON.stringify({ language: 'en', part: 'dev', cases: [realCase('fee?', { answerable: 'yes' })] }));
      const io = captureIo();
      expect(await fixturesCommand.run(['--suite', 'real', '--dir', dir], io)).toBe(2);
      expect(io.stderr()).toContain('answerable');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the svc bin writing to a pipe', () => {
  it('writes the whole JSON document before it exits, past 64 KB (svc fixtures --json | jq)', async () => {
    // The English dev corpus with every country label set to Liechtenstein: each case is a miss
    // listed by --failures, well over the 65,536 bytes at which exiting at once used to cut it.
    const dir = mkdtempSync(join(tmpdir(), 'real-pipe-'));
    const corpus = JSON.parse(readFileSync('fixtures/questions/real/en.dev.json', 'utf8')) as { cases: { country: string | null }[] };
    for (const item of corpus.cases) item.country = 'LI';
    writeFileSync(join(dir, 'en.dev.json'), JSON.stringify(corpus));
    // Through a shell pipe, as `| jq` is: a child's own stdout is a socket, with a larger buffer.
    const command = `"${process.execPath}" bin/svc.js fixtures --suite real --dir "${dir}" --failures --json | cat`;
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile('/bin/sh', ['-c', command], { maxBuffer: 64 * 1024 * 1024 }, (error, out) => (error ? reject(error) : resolve(out)));
    });
    rmSync(dir, { recursive: true, force: true });
    expect(stdout.length).toBeGreaterThan(65_536);
    expect(() => JSON.parse(stdout) as unknown, stdout.slice(-200)).not.toThrow();
  });
});
