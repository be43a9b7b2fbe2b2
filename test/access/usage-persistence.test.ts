import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeAccount, makeApiKey } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { sendSample } from '../support/valid-request.js';
import { meteredTarget, storedUsage, type MeteredTarget } from './metered-target.js';

/** Fires `count` requests at once over real sockets and returns their statuses. */
async function burst(target: MeteredTarget, key: string, count: number): Promise<number[]> {
  const server = target.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const query = new URLSearchParams(target.sample.query).toString();
    const url = `http://127.0.0.1:${port}/api/v1${target.sample.path}${query ? `?${query}` : ''}`;
    const init: RequestInit = {
      method: target.sample.method.toUpperCase(),
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      ...(target.sample.method === 'post' && { body: JSON.stringify(target.sample.body ?? {}) }),
    };
    return await Promise.all(Array.from({ length: count }, async () => (await fetch(url, init)).status));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('usage persistence', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  /** A database outside any one app, so it outlives a restart. */
  const sharedDatabase = () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-restart-'));
    dirs.push(dir);
    return { url: `file:${join(dir, 'svc.db')}`, path: join(dir, 'svc.db') };
  };

  it.each([
    { n: 200, mode: 'test' as const },
    { n: 150, mode: 'live' as const },
  ])('persists exactly $n units of $n concurrent $mode calls by the time close() returns', async ({ n, mode }) => {
    const db = sharedDatabase();
    const t = await createTestApp({ env: { DATABASE_URL: db.url, USAGE_FLUSH_INTERVAL_MS: '50', ACCESS_REFRESH_INTERVAL_MS: '50' } });
    const target = meteredTarget(t);
    const { key, accountId } = await makeApiKey(t, { mode });
    const statuses = await burst(target, key, n);
    await t.close();
    expect(statuses.filter((status) => status === 200)).toHaveLength(n);
    expect(storedUsage(db.path, accountId, mode)).toEqual({ units: n * target.operation.units, requests: n });
  });

  it('keeps every count across a graceful restart, and the restarted server enforces limits on them', async () => {
    const db = sharedDatabase();
    const first: TestApp = await createTestApp({ env: { DATABASE_URL: db.url, USAGE_FLUSH_INTERVAL_MS: '60000' } });
    const account = await makeAccount(first, { plan: { unitsPerPeriod: 25 } });
    const { key } = await makeApiKey(first, { accountId: account.id, mode: 'live' });
    const target1 = meteredTarget(first);
    for (let i = 0; i < 20; i += 1) expect((await sendSample(target1.app, target1.sample, `Bearer ${key}`)).status).toBe(200);
    // The flush interval is a minute: these 20 units are only in memory until close() writes them.
    await first.close();
    expect(storedUsage(db.path, account.id, 'live').units).toBe(20);

    const second = await createTestApp({ env: { DATABASE_URL: db.url } });
    try {
      const target2 = meteredTarget(second);
      const statuses = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await sendSample(target2.app, target2.sample, `Bearer ${key}`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 403]);
    } finally {
      await second.close();
    }
    expect(storedUsage(db.path, account.id, 'live').units).toBe(25);
  });

  it('adds the usage of two instances on one database instead of overwriting it', async () => {
    const db = sharedDatabase();
    const a = await createTestApp({ env: { DATABASE_URL: db.url } });
    const b = await createTestApp({ env: { DATABASE_URL: db.url } });
    const { key, accountId } = await makeApiKey(a);
    try {
      await b.access.refresh();
      const [ta, tb] = [meteredTarget(a), meteredTarget(b)];
      await Promise.all([burst(ta, key, 40), burst(tb, key, 60)]);
      await Promise.all([a.access.flush(), b.access.flush()]);
      await Promise.all([burst(ta, key, 10), burst(tb, key, 10)]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    expect(storedUsage(db.path, accountId, 'test')).toEqual({ units: 120, requests: 120 });
  });
});
