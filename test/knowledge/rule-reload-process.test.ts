import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_ENTRY, provisionUnlimitedKeyDirect, startChildServer, tempDatabase } from '../../bench/api-process.js';
import { runCli } from '../../src/cli/svc.js';

/** The real server (src/main.ts) as a child process, on a copy of the rules a test edits. */
describe('rule reload in the real server process', { timeout: 120_000 }, () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('SIGHUP with an invalid edit logs the report and keeps the last good rules; svc rules reload applies a valid one', async () => {
    const rulesDir = mkdtempSync(join(tmpdir(), 'rules-process-'));
    cleanups.push(() => rmSync(rulesDir, { recursive: true, force: true }));
    cpSync('rules', rulesDir, { recursive: true });
    const database = tempDatabase();
    cleanups.push(() => database.remove());
    const { key } = await provisionUnlimitedKeyDirect(database.url, 'live');
    const server = await startChildServer(API_ENTRY, { DATABASE_URL: database.url, RULES_DIR: rulesDir, LOG_LEVEL: 'info', RULES_WATCH: 'false' });
    // SIGTERM: the server drains and exits.
    cleanups.push(() => server.stop('SIGTERM'));

    const franceTotal = async () => {
      const res = await fetch(`${server.url}/api/v1/financial-requirements?country=FR&days=10`, { headers: { Authorization: `Bearer ${key}` } });
      const body = (await res.json()) as { data: { total: number } };
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body.data.total;
    };
    const waitForLog = async (text: string): Promise<void> => {
      const deadline = Date.now() + 10_000;
      while (!server.output().includes(text)) {
        if (Date.now() > deadline) throw new Error(`no "${text}" in the server log:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const file = join(rulesDir, 'financial/fr.json');
    const shipped = readFileSync(file, 'utf8');
    const withPerDay = (perDay: number) => {
      const json = JSON.parse(shipped);
      json.variants[0].bands[0].calculation.per_day = perDay;
      return JSON.stringify(json, null, 2);
    };

    expect(await franceTotal()).toBe(1200);
    await waitForLog('rules reload armed');
    const armed = server.output().split('\n').find((line) => line.includes('rules reload armed')) ?? '{}';
    const pid = Number(JSON.parse(armed).pid);
    expect(pid).toBeGreaterThan(0);

    writeFileSync(file, withPerDay(-1));
    process.kill(pid, 'SIGHUP');
    await waitForLog('rules reload rejected');
    const rejected = server.output().split('\n').find((line) => line.includes('rules reload rejected')) ?? '{}';
    expect(JSON.parse(rejected).problems).toEqual([expect.objectContaining({ file: 'financial/fr.json', path: '$.variants[0].bands[0].calculation.per_day' })]);
    expect(await franceTotal()).toBe(1200);

    writeFileSync(file, withPerDay(125));
    let out = '';
    const code = await runCli(['rules', 'reload', '--pid', String(pid), '--dir', rulesDir], { out: (t) => (out += t), err: (t) => (out += t), env: {} });
    expect(code, out).toBe(0);
    await waitForLog('"msg":"rules reloaded"');
    expect(await franceTotal()).toBe(1250);
  });
});
