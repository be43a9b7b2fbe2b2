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
