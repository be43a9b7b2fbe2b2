import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openAccess } from '../../src/access/open-access.js';
import { CAPABILITY_IDS } from '../../src/capabilities/capability-registry.js';
import { parseConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';

interface Child {
  process: ChildProcess;
  logs: Record<string, unknown>[];
  stderr: string[];
  exited: Promise<number | null>;
  waitForLog(msg: string): Promise<Record<string, unknown>>;
}

/**
 * Starts the server as production runs it, `node dist/main.js` (the compiled build; one process,
 * so the signal and the exit code are the server's own), and collects its JSON log lines.
 */
function startServer(env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['dist/main.js'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: Record<string, unknown>[] = [];
  const stderr: string[] = [];
  const waiters: { msg: string; resolve: (record: Record<string, unknown>) => void }[] = [];
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (!line.startsWith('{')) continue;
      const record = JSON.parse(line) as Record<string, unknown>;
      logs.push(record);
      for (const waiter of waiters.filter((candidate) => candidate.msg === record.msg)) waiter.resolve(record);
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    process: child,
    logs,
    stderr,
    exited,
    waitForLog: (msg) => {
      const seen = logs.find((record) => record.msg === msg);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiters.push({ msg, resolve });
        void exited.then((code) => {
          if (!logs.some((record) => record.msg === msg)) reject(new Error(`server exited (${code}) before logging "${msg}": ${stderr.join('')}`));
        });
      });
    },
  };
}

/** A test key in the database the server will open (made before it starts). */
async function makeKeyIn(env: Record<string, string>): Promise<{ key: string; accountId: string }> {
  const setup = await openAccess(parseConfig(env), createLogger('silent'), () => new Date());
  try {
    const account = await setup.admin.createAccount({
      name: 'Shutdown test',
      planId: 'starter',
      testPlanId: 'free',
      subscriptionStatus: 'active',
      entitlements: CAPABILITY_IDS,
      dailyUnitCap: null,
    });
    const { key } = await setup.admin.createKey({ accountId: account.id, mode: 'test', expiresAt: null });
    return { key, accountId: account.id };
  } finally {
    await setup.close();
  }
}

describe('graceful shutdown of the real server process', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  });

  it('on SIGTERM finishes the request in flight, flushes its usage and exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-shutdown-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dir, 'svc.db')}`,
      LOG_LEVEL: 'info',
      USAGE_FLUSH_INTERVAL_MS: '60000',
      SHUTDOWN_TIMEOUT_MS: '15000',
    };

    const { key, accountId } = await makeKeyIn(env);

    const server = startServer(env);
    cleanups.push(() => {
      if (server.process.exitCode === null) server.process.kill('SIGKILL');
    });
    const listening = await server.waitForLog('listening');
    const url = new URL(String(listening.url));

    // A request whose body arrives in two parts, so it is in flight when the signal comes.
    const body = JSON.stringify({ question: 'Which documents do I need for a tourist Schengen visa to France?' });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/api/v1/route',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (res: IncomingMessage) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      // Once a later request on another connection has been answered, the server has taken this
      // one in (its headers came first); only then does the signal come.
      setTimeout(() => {
        void fetch(new URL('/healthz', url)).then((health) => {
          expect(health.status).toBe(200);
          server.process.kill('SIGTERM');
          void server.waitForLog('shutting down').then(() => setTimeout(() => req.end(body.slice(10)), 300));
        }, reject);
      }, 100);
    });

    const answered = await response;
    expect(answered.status, answered.body).toBe(200);
    expect(JSON.parse(answered.body).meta.units).toBe(1);
    const code = await server.exited;
    expect(code, server.stderr.join('')).toBe(0);
    const messages = server.logs.map((record) => record.msg);
    expect(messages.indexOf('shutting down')).toBeLessThan(messages.lastIndexOf('request'));
    expect(messages.at(-1)).toBe('stopped');

    // The usage counted in memory was written at shutdown, not by the (60 s) flush timer.
    const after = await openAccess(parseConfig(env), createLogger('silent'), () => new Date());
    try {
      const usage = await after.admin.usage({ accountId, fromDay: '2000-01-01', toDay: '2999-12-31' });
      expect(usage.reduce((sum, row) => sum + row.units, 0)).toBe(1);
    } finally {
      await after.close();
    }
  }, 60_000);

  it('gives up after SHUTDOWN_TIMEOUT_MS when a request never finishes, closes it and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-shutdown-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const env = { PORT: '0', HOST: '127.0.0.1', DATABASE_URL: `file:${join(dir, 'svc.db')}`, LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '500' };
    const { key } = await makeKeyIn(env);
    const server = startServer(env);
    cleanups.push(() => {
      if (server.process.exitCode === null) server.process.kill('SIGKILL');
    });
    const url = new URL(String((await server.waitForLog('listening')).url));
    const stuck = httpRequest({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path: '/api/v1/route',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Content-Length': 1000 },
    });
    const closed = new Promise<string>((resolve) => {
      stuck.on('error', (error) => resolve(error.message));
      stuck.on('response', (res) => resolve(`status ${res.statusCode}`));
    });
    stuck.write('{"question": "');
    expect((await fetch(new URL('/healthz', url))).status).toBe(200);
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(server.logs.map((record) => record.msg)).toContain('shutdown timed out; closing the remaining connections');
    expect(await closed, 'the request got no answer: its connection was closed').toMatch(/socket hang up|ECONNRESET/);
  }, 30_000);

  it('exits 1 at start with a message naming a bad variable', async () => {
    const server = startServer({ PORT: 'not-a-port' });
    cleanups.push(() => {
      if (server.process.exitCode === null) server.process.kill('SIGKILL');
    });
    expect(await server.exited).toBe(1);
    expect(server.stderr.join('')).toMatch(/PORT="not-a-port"/);
  }, 30_000);
});
