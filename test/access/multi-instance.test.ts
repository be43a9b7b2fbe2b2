import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresConfigOf } from '../../src/access/database-url.js';
import { PrismaAccessStore } from '../../src/access/prisma-access-store.js';
import { CAPABILITY_IDS } from '../../src/capabilities/capability-registry.js';
import { migrateDatabase } from '../../src/access/migrate-database.js';
import { randomBase62 } from '../../src/lib/random-base62.js';
import { createLogger } from '../../src/logger.js';
import { makeAccount, makeApiKey } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { sendSample } from '../support/valid-request.js';
import { meteredTarget, type MeteredTarget } from './metered-target.js';

/**
 * The multi-instance mode: two app instances on one PostgreSQL database, sharing rate limits
 * through Redis. Needs PostgreSQL at SVC_TEST_POSTGRES_URL (postgresql://127.0.0.1:5432/test)
 * and Redis at SVC_TEST_REDIS_URL (redis://127.0.0.1:6379); each run creates and drops its own
 * database. Skipped, saying why, when either is not reachable.
 */
const ADMIN_URL = process.env.SVC_TEST_POSTGRES_URL ?? 'postgresql://127.0.0.1:5432/test';
const REDIS_URL = process.env.SVC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable(): Promise<string | null> {
  const client = new pg.Client({ ...postgresConfigOf(ADMIN_URL), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    return `PostgreSQL at ${ADMIN_URL} is not reachable (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis at ${REDIS_URL} is not reachable (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    redis.disconnect();
  }
  return null;
}

const unavailable = await reachable();
if (unavailable) process.stderr.write(`multi-instance tests skipped: ${unavailable}\n`);

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client(postgresConfigOf(ADMIN_URL));
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function storedUnits(url: string, accountId: string, mode: string): Promise<{ units: number; requests: number }> {
  const client = new pg.Client(postgresConfigOf(url));
  await client.connect();
  try {
    const { rows } = await client.query<{ units: string; requests: string }>(
      'SELECT COALESCE(SUM(units), 0) AS units, COALESCE(SUM(requests), 0) AS requests FROM usage_counters WHERE account_id = $1 AND mode = $2',
      [accountId, mode],
    );
    return { units: Number(rows[0]?.units ?? 0), requests: Number(rows[0]?.requests ?? 0) };
  } finally {
    await client.end();
  }
}

async function burst(target: MeteredTarget, key: string, count: number): Promise<number[]> {
  const server = target.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const query = new URLSearchParams(target.sample.query).toString();
    const url = `http://127.0.0.1:${port}/api/v1${target.sample.path}${query ? `?${query}` : ''}`;
    return await Promise.all(Array.from({ length: count }, async () => (await fetch(url, { headers: { Authorization: `Bearer ${key}` } })).status));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Listens on a free port for the duration of `use`, and passes the sample request's URL. */
async function listening<T>(targets: MeteredTarget[], use: (urls: string[]) => Promise<T>): Promise<T> {
  const servers = targets.map((target) => target.app.listen(0, '127.0.0.1'));
  await Promise.all(servers.map((server) => new Promise((resolve) => server.once('listening', resolve))));
  try {
    const urls = servers.map((server, index) => {
      const sample = (targets[index] as MeteredTarget).sample;
      const query = new URLSearchParams(sample.query).toString();
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1${sample.path}${query ? `?${query}` : ''}`;
    });
    return await use(urls);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/**
 * Sends `total` requests with the key, `concurrency` at a time, the n-th to instance n mod the
 * number of instances. Answers each status in the order the responses arrived, with the number of
 * requests in flight when it arrived (itself included).
 */
async function load(urls: string[], key: string, total: number, concurrency: number): Promise<{ status: number; inFlight: number }[]> {
  const arrived: { status: number; inFlight: number }[] = [];
  let next = 0;
  let inFlight = 0;
  const worker = async () => {
    for (let n = next++; n < total; n = next++) {
      inFlight += 1;
      const res = await fetch(urls[n % urls.length] as string, { headers: { Authorization: `Bearer ${key}` } });
      await res.arrayBuffer();
      arrived.push({ status: res.status, inFlight });
      inFlight -= 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return arrived;
}

async function within5s(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

/** Shifts the clock so that now is half-way through the current UTC hour: hour-long windows never roll over mid-test. */
const shiftMs = 30 * 60_000 - (Date.now() % 3_600_000);
const midHour = () => new Date(Date.now() + shiftMs);

describe.skipIf(unavailable !== null)('multi-instance mode: PostgreSQL and Redis', { timeout: 120_000 }, () => {
  const database = `svc_test_${randomBase62(10).toLowerCase()}`;
  const url = ADMIN_URL.replace(/\/[^/?]+(\?.*)?$/, `/${database}$1`);
  let a: TestApp;
  let b: TestApp;
  let c: TestApp;

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${database}`);
    const env = { DATABASE_URL: url, REDIS_URL, ACCESS_REFRESH_INTERVAL_MS: '200', USAGE_FLUSH_INTERVAL_MS: '100' };
    a = await createTestApp({ env, clock: midHour });
    b = await createTestApp({ env, clock: midHour });
    c = await createTestApp({ env, clock: midHour });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), c?.close()]);
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('applies the PostgreSQL migrations once; a second run applies none', async () => {
    const again = await migrateDatabase(url);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toEqual(['0001_init', '0002_access_revision', '0003_usage_batches']);
  });

  it('counts the usage of both instances exactly, none lost or doubled', async () => {
    const { key, accountId } = await makeApiKey(a, { mode: 'live' });
    await b.access.refresh();
    const statuses = await Promise.all([burst(meteredTarget(a), key, 120), burst(meteredTarget(b), key, 80)]);
    expect(statuses.flat().filter((status) => status === 200)).toHaveLength(200);
    await Promise.all([a.access.flush(), b.access.flush()]);
    expect(await storedUnits(url, accountId, 'live')).toEqual({ units: 200, requests: 200 });
  });

  it('applies a usage batch written again after a lost acknowledgement once, across chunks, and forgets its id after a day', async () => {
    const accountId = `acct_${randomBase62(16)}`;
    // 450 rows: three INSERT chunks of at most 200, each claimed under its own id.
    const rows = Array.from({ length: 450 }, (_, i) => ({
      accountId,
      mode: 'live' as const,
      day: `2025-${String(1 + Math.floor((i % 336) / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      capability: CAPABILITY_IDS[Math.floor(i / 336)]!,
      units: 2,
      requests: 1,
    }));
    expect(new Set(rows.map((row) => `${row.day}|${row.capability}`)).size).toBe(450);
    const batch = { id: `usage_test_${randomBase62(8)}`, rows };
    const store = new PrismaAccessStore(url);
    const aDayLater = new PrismaAccessStore(url, () => new Date(Date.now() + 2 * 86_400_000));
    try {
      await store.addUsage(batch);
      await store.addUsage(batch);
      expect(await storedUnits(url, accountId, 'live')).toEqual({ units: 900, requests: 450 });
      await store.addUsage({ id: `${batch.id}_next`, rows: rows.slice(0, 1) });
      expect(await storedUnits(url, accountId, 'live')).toEqual({ units: 902, requests: 451 });
      // A store whose clock is two days on prunes the ids on its first write; the batch then counts again.
      await aDayLater.addUsage({ id: `${batch.id}_later`, rows: rows.slice(0, 1) });
      await aDayLater.addUsage(batch);
      expect(await storedUnits(url, accountId, 'live')).toEqual({ units: 1804, requests: 902 });
    } finally {
      await store.close();
      await aDayLater.close();
    }
  });

  it('applies a revocation made through one instance on the other within 5 s', async () => {
    const target = meteredTarget(b);
    const { key, keyId } = await makeApiKey(a);
    expect(await within5s(async () => (await sendSample(target.app, target.sample, `Bearer ${key}`)).status === 200)).toBe(true);
    await a.access.admin.revokeKey(keyId);
    expect(await within5s(async () => (await sendSample(target.app, target.sample, `Bearer ${key}`)).body.error?.code === 'revoked_api_key')).toBe(true);
  });

  it('enforces a live quota on the usage of both instances', async () => {
    const account = await makeAccount(a, { plan: { unitsPerPeriod: 10 } });
    const { key } = await makeApiKey(a, { accountId: account.id, mode: 'live' });
    await b.access.refresh();
    const first = await burst(meteredTarget(a), key, 6);
    expect(first.every((status) => status === 200)).toBe(true);
    await a.access.flush();
    await b.access.refresh();
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await sendSample(meteredTarget(b).app, meteredTarget(b).sample, `Bearer ${key}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 403]);
  });

  it('shares a key rate limit across instances through Redis', async () => {
    const { key } = await makeApiKey(a, { plan: { rateLimitRequests: 10, rateLimitWindowSeconds: 3600 } });
    await b.access.refresh();
    const onB = async () => {
      const res = await sendSample(meteredTarget(b).app, meteredTarget(b).sample, `Bearer ${key}`);
      if (res.status === 429) expect(res.headers['retry-after'], JSON.stringify(res.body)).toMatch(/^\d+$/);
      return res.status;
    };
    expect((await burst(meteredTarget(a), key, 6)).every((status) => status === 200)).toBe(true);
    const statuses = [await onB()];
    // The instances exchange counts every 100 ms on their own; here they do it now: 6 + 1 are shared.
    await a.access.syncRateLimits();
    await b.access.syncRateLimits();
    for (let i = 0; i < 4; i += 1) statuses.push(await onB());
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    await b.access.syncRateLimits();
    await a.access.syncRateLimits();
    const onA = await sendSample(meteredTarget(a).app, meteredTarget(a).sample, `Bearer ${key}`);
    expect(onA.status, JSON.stringify(onA.body)).toBe(429);
    expect(onA.headers['x-ratelimit-remaining']).toBe('0');
  });

  // The issue's load: a plan of 300 requests per 60 s, 600 requests split across the instances.
  // While Redis answers, an instance admits only against capacity leased from the window's
  // counter, which never passes the limit: at most 300 are admitted. At least 300 minus the
  // leases left unused at the end (each at most 5 % of the limit, one per instance).
  it.each([
    { instances: 2, concurrency: 10 },
    { instances: 2, concurrency: 50 },
    { instances: 3, concurrency: 10 },
    { instances: 3, concurrency: 50 },
  ])('holds a 300-per-60 s limit with $instances instances at $concurrency concurrent', async ({ instances, concurrency }) => {
    const apps = [a, b, c].slice(0, instances);
    const { key } = await makeApiKey(a, { plan: { rateLimitRequests: 300, rateLimitWindowSeconds: 60 } });
    await Promise.all(apps.map((app) => app.access.refresh()));
    // Windows are whole minutes of the (shifted) clock: start early in one, so the load stays in it.
    const left = 60_000 - (midHour().getTime() % 60_000);
    if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    const statuses = await listening(apps.map(meteredTarget), (urls) => load(urls, key, 600, concurrency));
    const admitted = statuses.filter((r) => r.status === 200).length;
    expect(statuses.filter((r) => r.status !== 200 && r.status !== 429)).toEqual([]);
    expect(admitted).toBeLessThanOrEqual(300);
    expect(admitted).toBeGreaterThanOrEqual(300 - instances * 15);
  });

  it('holds a live quota of 500 units through two instances at 20 concurrent, refusing none before it is used', async () => {
    const account = await makeAccount(a, { plan: { unitsPerPeriod: 500 } });
    const { key } = await makeApiKey(a, { accountId: account.id, mode: 'live' });
    await b.access.refresh();
    const arrived = await listening([meteredTarget(a), meteredTarget(b)], (urls) => load(urls, key, 700, 20));
    expect(arrived.filter((r) => r.status !== 200 && r.status !== 403)).toEqual([]);
    await Promise.all([a.access.syncRateLimits(), b.access.syncRateLimits()]);
    await Promise.all([a.access.flush(), b.access.flush()]);
    const charged = (await storedUnits(url, account.id, 'live')).units;
    expect(charged).toBeGreaterThanOrEqual(500);
    expect(charged).toBeLessThanOrEqual(520);
    // A refusal "before 500": fewer than 500 successes had arrived, even counting every request
    // still in flight when the refusal arrived as a success to come.
    const early = arrived.filter((r, index) => r.status === 403 && arrived.slice(0, index).filter((x) => x.status === 200).length + r.inFlight - 1 < 500);
    expect(early).toEqual([]);
  });

  /** The log lines whose message starts with `start`, parsed. */
  const logged = (lines: readonly string[], start: string) =>
    lines.map((line) => JSON.parse(line) as { level: string; msg: string; down_ms?: number }).filter((line) => line.msg.startsWith(start));

  it('keeps answering when Redis is lost under load, logging the loss once and the return once with its duration, usage exact', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', (line) => lines.push(line));
    const redisUrl = new URL(REDIS_URL);
    const proxy = await startTcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
    const env = { DATABASE_URL: url, REDIS_URL: `redis://127.0.0.1:${proxy.port}`, ACCESS_REFRESH_INTERVAL_MS: '200', USAGE_FLUSH_INTERVAL_MS: '100', LOG_LEVEL: 'warn' };
    const d = await createTestApp({ env, clock: midHour, logger });
    const e = await createTestApp({ env, clock: midHour, logger });
    try {
      const account = await makeAccount(d, { plan: { rateLimitRequests: 1_000_000, rateLimitWindowSeconds: 3600, unitsPerPeriod: 1_000_000 } });
      const { key } = await makeApiKey(d, { accountId: account.id, mode: 'live' });
      await e.access.refresh();
      const arrived = await listening([meteredTarget(d), meteredTarget(e)], async (urls) => {
        const before = await load(urls, key, 200, 10);
        proxy.cut();
        const during = await load(urls, key, 800, 10);
        proxy.restore();
        // Redis answers again once ioredis has reconnected (it retries on its own); requests keep coming meanwhile.
        const after: Awaited<ReturnType<typeof load>> = [];
        const deadline = Date.now() + 10_000;
        while (logged(lines, 'Redis reachable again').length < 2 && Date.now() < deadline) after.push(...(await load(urls, key, 40, 10)));
        return [...before, ...during, ...after];
      });
      expect(arrived.filter((r) => r.status !== 200)).toEqual([]);
      expect(logged(lines, 'Redis unreachable')).toHaveLength(2);
      const back = logged(lines, 'Redis reachable again');
      expect(back).toHaveLength(2);
      for (const line of back) expect(line).toMatchObject({ level: 'warn', down_ms: expect.any(Number) });
      await Promise.all([d.access.syncRateLimits(), e.access.syncRateLimits()]);
      await Promise.all([d.access.flush(), e.access.flush()]);
      expect((await storedUnits(url, account.id, 'live')).units).toBe(arrived.length);
    } finally {
      await Promise.all([d.close(), e.close()]);
      await proxy.close();
    }
  });

  it('serves from memory while the database is lost, logs loss, failed flush, return and catch-up once each, and loses no unit', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', (line) => lines.push(line));
    const direct = new URL(url);
    const proxy = await startTcpProxy(direct.hostname, Number(direct.port || 5432));
    const proxied = new URL(url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const env = { DATABASE_URL: proxied.href, ACCESS_REFRESH_INTERVAL_MS: '200', USAGE_FLUSH_INTERVAL_MS: '100', LOG_LEVEL: 'warn' };
    const f = await createTestApp({ env, clock: midHour, logger });
    try {
      const { key, accountId } = await makeApiKey(f, { mode: 'live' });
      const arrived = await listening([meteredTarget(f)], async (urls) => {
        const before = await load(urls, key, 50, 5);
        proxy.cut();
        const during = await load(urls, key, 100, 5);
        expect(await within5s(async () => logged(lines, 'database unreachable').length > 0 && logged(lines, 'usage flush failed').length > 0)).toBe(true);
        const more = await load(urls, key, 50, 5);
        proxy.restore();
        expect(await within5s(async () => logged(lines, 'database reachable again').length > 0 && logged(lines, 'usage flush caught up').length > 0)).toBe(true);
        return [...before, ...during, ...more];
      });
      expect(arrived.filter((r) => r.status !== 200)).toEqual([]);
      for (const start of ['database unreachable', 'usage flush failed', 'database reachable again', 'usage flush caught up']) expect(logged(lines, start), start).toHaveLength(1);
      expect(logged(lines, 'database reachable again')[0]).toMatchObject({ level: 'warn', down_ms: expect.any(Number) });
      expect(logged(lines, 'usage flush caught up')[0]).toMatchObject({ level: 'warn', down_ms: expect.any(Number) });
      await f.access.flush();
      expect((await storedUnits(url, accountId, 'live')).units).toBe(arrived.length);
    } finally {
      await f.close();
      await proxy.close();
    }
  });
});
