import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../bench/api-process.js';
import { openAccess } from '../../src/access/open-access.js';
import { CAPABILITY_IDS } from '../../src/capabilities/capability-registry.js';
import { parseConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';

/** Whether any process of the group still runs. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `npm start` as a user runs it, with npm in between: npm relays SIGTERM to its child and a
 * terminal's Ctrl-C reaches the whole process group. The server must drain, write its usage and
 * exit with npm, leaving no process behind and the port closed.
 */
describe('npm start', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  });

  it.each([
    { name: 'SIGTERM to npm (a supervisor stopping the command it started)', signal: 'SIGTERM' as const, group: false },
    { name: 'SIGINT to the process group (Ctrl-C in a terminal)', signal: 'SIGINT' as const, group: true },
  ])('stops the server on $name: usage written, port closed, nothing left running', async ({ signal, group }) => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-npm-start-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `file:${join(dir, 'svc.db')}`, LOG_LEVEL: 'info', USAGE_FLUSH_INTERVAL_MS: '60000' };

    const setup = await openAccess(parseConfig(env), createLogger('silent'), () => new Date());
    const account = await setup.admin.createAccount({ name: 'npm start', planId: 'starter', testPlanId: 'free', subscriptionStatus: 'active', entitlements: CAPABILITY_IDS, dailyUnitCap: null });
    const { key } = await setup.admin.createKey({ accountId: account.id, mode: 'test', expiresAt: null });
    await setup.close();

    // detached: npm leads a process group of its own, as a shell's job does.
    const npm = spawn('npm', ['start'], { env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const pgid = npm.pid as number;
    cleanups.push(() => {
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));

    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 30_000;
    while (!(await fetch(`${base}/healthz`).then((res) => res.ok, () => false))) {
      expect(npm.exitCode, output).toBeNull();
      expect(Date.now(), `no /healthz within 30 s:\n${output}`).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const res = await fetch(`${base}/api/v1/countries`, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();

    process.kill(group ? -pgid : pgid, signal);
    expect(await exited, output).toBe(0);
    // The server (npm's child) is gone too, not orphaned, and the port is closed.
    const gone = Date.now() + 5_000;
    while (groupAlive(pgid) && Date.now() < gone) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(groupAlive(pgid), 'a process of the group still runs').toBe(false);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    const messages = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain('shutting down');
    expect(messages.at(-1)).toBe('stopped');
    expect(output).not.toContain('second signal');

    // The unit counted in memory was written at shutdown, not by the (60 s) flush timer.
    const after = await openAccess(parseConfig(env), createLogger('silent'), () => new Date());
    try {
      const usage = await after.admin.usage({ accountId: account.id, fromDay: '2000-01-01', toDay: '2999-12-31' });
      expect(usage.reduce((sum, row) => sum + row.units, 0)).toBe(1);
    } finally {
      await after.close();
    }
  }, 60_000);
});
