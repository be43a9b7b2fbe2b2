import { afterEach, describe, expect, it } from 'vitest';
import { API_ENTRY, provisionUnlimitedKeyDirect, startChildServer, tempDatabase, type ChildServer } from '../../bench/api-process.js';
import { storedUsage } from './metered-target.js';

/**
 * The real server (src/main.ts) as a child process on a fresh SQLite file. GET /countries is the
 * metered call (1 unit); these tests need it active.
 */
const FLUSH_MS = 500;

/** Sequential metered calls, `count` of them or until `forMs` has passed; returns when each succeeded. */
async function calls(server: ChildServer, key: string, until: { count?: number; forMs?: number }): Promise<number[]> {
  const answeredAt: number[] = [];
  const started = Date.now();
  while ((until.count === undefined || answeredAt.length < until.count) && (until.forMs === undefined || Date.now() - started < until.forMs)) {
    const res = await fetch(`${server.url}/api/v1/countries`, { headers: { Authorization: `Bearer ${key}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /countries answered ${res.status}: ${server.output()}`);
    answeredAt.push(Date.now());
  }
  return answeredAt;
}

describe('usage of the real server process', { timeout: 120_000 }, () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start() {
    const database = tempDatabase();
    cleanups.push(() => database.remove());
    const { key, accountId } = await provisionUnlimitedKeyDirect(database.url, 'live');
    const server = await startChildServer(API_ENTRY, { DATABASE_URL: database.url, LOG_LEVEL: 'warn', USAGE_FLUSH_INTERVAL_MS: String(FLUSH_MS) });
    cleanups.push(() => server.stop('SIGKILL'));
    return { database, key, accountId, server };
  }

  it('loses nothing on SIGTERM: every unit charged is in the database when the process exits 0', async () => {
    const { database, key, accountId, server } = await start();
    const charged = (await calls(server, key, { count: 150 })).length;
    expect(await server.stop('SIGTERM'), server.output()).toBe(0);
    expect(storedUsage(database.path, accountId, 'live')).toEqual({ units: charged, requests: charged });
  });

  it(`loses at most the units charged in the last flush interval (USAGE_FLUSH_INTERVAL_MS=${FLUSH_MS}) on SIGKILL`, async () => {
    const { database, key, accountId, server } = await start();
    const answered = await calls(server, key, { forMs: FLUSH_MS * 4 });
    const killedAt = Date.now();
    expect(await server.stop('SIGKILL')).toBeNull();
    const stored = storedUsage(database.path, accountId, 'live').units;
    const lost = answered.length - stored;
    // One interval, plus the time a flush takes to commit and the timer's jitter.
    const lastInterval = answered.filter((at) => at > killedAt - FLUSH_MS - 250).length;
    const shown = `charged ${answered.length}, stored ${stored}, lost ${lost}, charged in the last interval ${lastInterval}`;
    expect(stored, shown).toBeGreaterThan(0);
    expect(lost, shown).toBeGreaterThanOrEqual(0);
    expect(lost, shown).toBeLessThanOrEqual(lastInterval);
  });
});
