import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApiKey } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { sendSample } from '../support/valid-request.js';
import { meteredTarget, type MeteredTarget } from './metered-target.js';

/** 23:59:00 UTC on the last day of a month: the daily cap resets in 60 s, the quota too. */
const NOW = new Date('2026-11-30T23:59:00.000Z');

describe('limits', () => {
  let t: TestApp;
  let now = NOW;
  let target: MeteredTarget;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, env: { ANONYMOUS_RATE_LIMIT_PER_MINUTE: '3' } });
    target = meteredTarget(t);
  });
  afterAll(async () => {
    await t.close();
  });
  const call = (key: string) => sendSample(target.app, target.sample, `Bearer ${key}`);

  it('answers 403 quota_exceeded once a live key has used its plan quota for the billing period, and no 429 headers', async () => {
    const { key } = await makeApiKey(t, { mode: 'live', plan: { unitsPerPeriod: 2 } });
    expect((await call(key)).status).toBe(200);
    expect((await call(key)).status).toBe(200);
    const res = await call(key);
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error.code).toBe('quota_exceeded');
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('keeps quota_exceeded after a flush and a refresh (the quota counts persisted units)', async () => {
    const { key } = await makeApiKey(t, { mode: 'live', plan: { unitsPerPeriod: 1 } });
    expect((await call(key)).status).toBe(200);
    await t.access.flush();
    await t.access.refresh();
    expect((await call(key)).body.error?.code).toBe('quota_exceeded');
  });

  it('lifts quota_exceeded when the billing period rolls over', async () => {
    const { key } = await makeApiKey(t, { mode: 'live', plan: { unitsPerPeriod: 1 } });
    expect((await call(key)).status).toBe(200);
    expect((await call(key)).body.error?.code).toBe('quota_exceeded');
    now = new Date('2026-12-01T00:00:01.000Z');
    try {
      expect((await call(key)).status).toBe(200);
    } finally {
      now = NOW;
    }
  });

  it('lifts quota_exceeded when the operator moves the account to a bigger plan', async () => {
    const { key, accountId } = await makeApiKey(t, { mode: 'live', plan: { unitsPerPeriod: 1 } });
    expect((await call(key)).status).toBe(200);
    expect((await call(key)).body.error?.code).toBe('quota_exceeded');
    await t.access.admin.setAccountPlan(accountId, 'business');
    await t.access.refresh();
    expect((await call(key)).status).toBe(200);
  });

  it('does not apply the plan quota to test keys', async () => {
    const { key } = await makeApiKey(t, { mode: 'test', plan: { unitsPerPeriod: 1 } });
    for (let i = 0; i < 3; i += 1) expect((await call(key)).status).toBe(200);
  });

  it("answers 429 usage_limit_exceeded with Retry-After until midnight UTC when the test plan's daily cap is reached", async () => {
    const capped = await makeApiKey(t, { mode: 'test', plan: { dailyUnitCap: 2 } });
    for (let i = 0; i < 2; i += 1) expect((await call(capped.key)).status).toBe(200);
    const res = await call(capped.key);
    expect(res.status, JSON.stringify(res.body)).toBe(429);
    expect(res.body.error.code).toBe('usage_limit_exceeded');
    expect(res.headers['retry-after']).toBe('60');
    expect(res.body.error.retry_after).toBe(60);
  });

  it('puts the test keys of a new account on the free plan, whose daily cap is seeded', async () => {
    const account = await t.access.admin.createAccount({ name: 'Default plans' });
    const free = (await t.access.admin.listPlans()).find((plan) => plan.id === account.testPlanId);
    expect(account.testPlanId).toBe('free');
    expect(free?.dailyUnitCap).toBe(1000);
    expect(free?.unitsPerPeriod).toBeNull();
  });

  it('lifts usage_limit_exceeded when the UTC day rolls over', async () => {
    const capped = await makeApiKey(t, { mode: 'test', plan: { dailyUnitCap: 1 } });
    expect((await call(capped.key)).status).toBe(200);
    expect((await call(capped.key)).status).toBe(429);
    now = new Date('2026-12-01T00:00:01.000Z');
    try {
      expect((await call(capped.key)).status).toBe(200);
    } finally {
      now = NOW;
    }
  });

  it('applies a daily cap the operator sets on an account, to each mode apart', async () => {
    const { key, accountId } = await makeApiKey(t, { mode: 'live', dailyUnitCap: 1 });
    const test = await makeApiKey(t, { accountId, mode: 'test' });
    expect((await call(key)).status).toBe(200);
    const res = await call(key);
    expect(res.status, JSON.stringify(res.body)).toBe(429);
    expect(res.body.error.code).toBe('usage_limit_exceeded');
    expect(res.headers['retry-after']).toBe('60');
    expect((await call(test.key)).status).toBe(200);
    await t.access.admin.setDailyCap(accountId, null);
    await t.access.refresh();
    expect((await call(key)).status).toBe(200);
  });

  it('answers 429 rate_limit_exceeded with Retry-After and the X-RateLimit-* headers when a key passes its rate', async () => {
    const { key } = await makeApiKey(t, { plan: { rateLimitRequests: 3, rateLimitWindowSeconds: 60 } });
    const seen = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await call(key);
      expect(res.status).toBe(200);
      seen.push(res.headers['x-ratelimit-remaining']);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
    }
    expect(seen).toEqual(['2', '1', '0']);
    const res = await call(key);
    expect(res.status, JSON.stringify(res.body)).toBe(429);
    expect(res.body.error.code).toBe('rate_limit_exceeded');
    expect(res.headers['retry-after']).toBe('60');
    expect(res.headers['x-ratelimit-limit']).toBe('3');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(res.headers['x-ratelimit-reset']).toBe('60');
  });

  it('reports X-RateLimit-Reset as the seconds until the window resets', async () => {
    const { key } = await makeApiKey(t, { plan: { rateLimitRequests: 100, rateLimitWindowSeconds: 3600 } });
    // 23:59:00 is 59 minutes into the hour-long window that started at 23:00:00.
    expect((await call(key)).headers['x-ratelimit-reset']).toBe('60');
    const { key: short } = await makeApiKey(t, { plan: { rateLimitRequests: 100, rateLimitWindowSeconds: 7 } });
    // Windows are aligned on multiples of their length since the epoch.
    expect((await call(short)).headers['x-ratelimit-reset']).toBe(String(7 - ((NOW.getTime() / 1000) % 7)));
  });

  it('rate limits each key apart: one key at its limit leaves another key of the account alone', async () => {
    const { key, accountId } = await makeApiKey(t, { plan: { rateLimitRequests: 1 } });
    const other = await makeApiKey(t, { accountId });
    expect((await call(key)).status).toBe(200);
    expect((await call(key)).status).toBe(429);
    expect((await call(other.key)).status).toBe(200);
  });

  it('does not charge a call refused by a limit', async () => {
    const { key, accountId } = await makeApiKey(t, { plan: { rateLimitRequests: 1 } });
    await call(key);
    await call(key);
    await t.access.flush();
    const usage = await t.access.admin.usage({ accountId, fromDay: '2026-11-01', toDay: '2026-11-30' });
    expect(usage.reduce((sum, row) => sum + row.units, 0)).toBe(1);
  });

  it('rate limits requests without a valid key per client address (ANONYMOUS_RATE_LIMIT_PER_MINUTE)', async () => {
    const statuses = [];
    let last;
    for (let i = 0; i < 4; i += 1) {
      last = await request(target.app).get(`/api/v1${target.sample.path}`).set('X-Test', String(i));
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last?.body.error.code).toBe('rate_limit_exceeded');
    expect(last?.headers['x-ratelimit-limit']).toBe('3');
    expect(last?.headers['retry-after']).toBe('60');
  });
});
