import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A server started as a child process, on its own port. */
export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** stdout and stderr so far, for failure messages. */
  output(): string;
  /** Sends `signal` and resolves with the exit code (null when killed by a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A port free at the time of asking. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `entry` with `env` on a free port and waits until GET /healthz answers: a compiled `.js`
 * file with plain node (as production runs dist/main.js), a `.ts` file with tsx as a loader.
 * Throws with the child's output when it exits first or is not up in 30 s.
 */
export async function startChildServer(entry: string, env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  // One process (node, with tsx as a loader for TypeScript), not the tsx CLI: the CLI runs the
  // script in a child of its own, which a SIGKILL of the CLI would leave running.
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, ...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []), entry], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${entry} exited before listening:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} did not answer /healthz within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => output,
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * The environment `npm start` gives the server (package.json), which both sides of a comparison
 * get: production mode, and glibc's allocator held to one arena unless the caller sets its own
 * (docs/performance.md, "Allocator arenas").
 */
export const PRODUCTION_ENV = { NODE_ENV: 'production', MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '1' } as const;

/**
 * The node flags `npm start` gives the server (`--max-semi-space-size=32`, docs/performance.md,
 * "The young generation under load"; `--wasm-tiering-budget`, "WebAssembly tiering"), read from package.json's start script so that the bench
 * can never run the server otherwise than users do; both sides of a comparison get them.
 */
export const PRODUCTION_NODE_FLAGS: readonly string[] = startScriptNodeFlags();

function startScriptNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const flags = /\bnode((?: --[\w-]+(?:=\S+)?)*) dist\/main\.js\b/.exec(scripts.start ?? '');
  if (!flags) throw new Error(`package.json's start script does not run "node [flags] dist/main.js": ${scripts.start}`);
  return (flags[1] ?? '').split(' ').filter(Boolean);
}

/** The API's entry point as production runs it: the compiled dist/main.js (`npm ci` builds it). */
export const API_ENTRY = join(ROOT, 'dist/main.js');

/** Whether the API entry point exists yet (it is the foundation's). */
export function apiEntryExists(): boolean {
  return existsSync(API_ENTRY);
}

/** A fresh SQLite database in a temporary folder, and a way to remove it. */
export function tempDatabase(): { url: string; path: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-proc-'));
  const path = join(dir, 'svc.db');
  return { url: `file:${path}`, path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `svc <args> --json` on the database and returns its JSON output. Throws with stderr on failure. */
export function svcJson(databaseUrl: string, ...args: string[]): unknown {
  const stdout = execFileSync(process.execPath, [join(ROOT, 'bin/svc.js'), ...args, '--json'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(stdout);
}

/**
 * With the operator's CLI: a plan whose limits a load test never reaches, an active, subscribed
 * account on it, and a key of `mode`. Returns the key (shown once) and the account id.
 */
export function provisionUnlimitedKey(databaseUrl: string, mode: 'test' | 'live'): { key: string; accountId: string } {
  svcJson(databaseUrl, 'plans', 'create', 'loadtest', '--name', 'Load test', '--rate', '100000000', '--window', '60', '--quota', 'none', '--daily-cap', 'none');
  const { account } = svcJson(databaseUrl, 'accounts', 'create', '--name', 'Load test', '--plan', 'loadtest', '--test-plan', 'loadtest', '--subscription', 'active') as {
    account: { id: string };
  };
  const { key } = svcJson(databaseUrl, 'keys', 'create', '--account', account.id, '--mode', mode) as { key: string };
  return { key, accountId: account.id };
}

/** As provisionUnlimitedKey, through the store in this process (no CLI start-up cost). */
export async function provisionUnlimitedKeyDirect(databaseUrl: string, mode: 'test' | 'live'): Promise<{ key: string; accountId: string }> {
  const { migrateDatabase } = await import('../src/access/migrate-database.js');
  const { PrismaAccessStore } = await import('../src/access/prisma-access-store.js');
  await migrateDatabase(databaseUrl);
  const store = new PrismaAccessStore(databaseUrl);
  try {
    await store.createPlan({ id: 'loadtest', name: 'Load test', rateLimitRequests: 100_000_000, rateLimitWindowSeconds: 60, unitsPerPeriod: null, dailyUnitCap: null });
    const account = await store.createAccount({ name: 'Load test', planId: 'loadtest', testPlanId: 'loadtest', subscriptionStatus: 'active' });
    const { key } = await store.createKey({ accountId: account.id, mode });
    return { key, accountId: account.id };
  } finally {
    await store.close();
  }
}
