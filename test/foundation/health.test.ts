import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessControl } from '../../src/access/caller.js';
import { createApp } from '../../src/app.js';
import { createTestApp, type TestApp } from '../support/harness.js';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('/healthz answers 200 without a key and is never cached', async () => {
    const res = await request(t.app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 200 when the database answers and the rules are loaded', async () => {
    const res = await request(t.app).get('/readyz');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { database: true, rules: true, draining: false } });
  });

  it.each([
    { label: 'reports it is not', isReady: async () => false },
    { label: 'throws', isReady: async () => Promise.reject(new Error('connection refused')) },
  ])('/readyz answers 503 when the database $label', async ({ isReady }) => {
    const down: AccessControl = {
      authenticate: (header) => t.access.authenticate(header),
      takeRequest: (subject) => t.access.takeRequest(subject),
      reloadForUnknownKey: (header) => t.access.reloadForUnknownKey(header),
      authorize: (...args) => t.access.authorize(...args),
      recordUsage: (...args) => t.access.recordUsage(...args),
      isReady,
      close: async () => undefined,
    };
    const res = await request(createApp({ ...t.deps, access: down })).get('/readyz');
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body).toEqual({ status: 'not_ready', checks: { database: false, rules: true, draining: false } });
  });

  it('/readyz answers 503 once the database is closed', async () => {
    const closing = await createTestApp();
    await closing.access.close();
    try {
      const res = await request(closing.app).get('/readyz');
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.checks.database).toBe(false);
    } finally {
      await closing.close();
    }
  });
});
