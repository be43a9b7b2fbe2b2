import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessControl } from '../../src/access/caller.js';
import { createApp } from '../../src/app.js';
import { makeApiKey } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { captureLogger, REQUEST_ID } from './foundation-support.js';

describe('request logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes one JSON line per request with request id, method, route template, status, duration and key id', async () => {
    const { logger, records } = captureLogger('info');
    const app = createApp({ ...t.deps, logger });
    const { key, keyId } = await makeApiKey(t);
    const calls = [
      { path: '/api/v1/appointments?country=FR', auth: true, route: '/api/v1/appointments', status: 501, keyId },
      { path: '/v1/appointments?country=FR', auth: false, route: '/v1/appointments', status: 401, keyId: null },
      { path: '/api/v1/nope/secret-in-path', auth: true, route: '(unmatched)', status: 404, keyId },
      { path: '/healthz', auth: false, route: '/healthz', status: 200, keyId: null },
    ];
    const ids: string[] = [];
    for (const call of calls) {
      const req = request(app).get(call.path);
      const res = await (call.auth ? req.set('Authorization', `Bearer ${key}`) : req);
      expect(res.status, JSON.stringify(res.body)).toBe(call.status);
      ids.push(String(res.headers['x-request-id']));
    }
    const lines = records().filter((record) => record.msg === 'request');
    expect(lines).toHaveLength(calls.length);
    calls.forEach((call, index) => {
      const line = lines[index] ?? {};
      expect(line, JSON.stringify(line)).toMatchObject({ level: 'info', request_id: ids[index], method: 'GET', route: call.route, status: call.status, key_id: call.keyId });
      expect(line.request_id).toMatch(REQUEST_ID);
      expect(typeof line.duration_ms).toBe('number');
      expect(line.duration_ms as number).toBeGreaterThanOrEqual(0);
      expect(Object.keys(line).sort()).toEqual(['duration_ms', 'key_id', 'level', 'method', 'msg', 'request_id', 'route', 'status', 'time']);
    });
    expect(JSON.stringify(lines)).not.toContain('secret-in-path');
  });

  it('never logs the Authorization header or a key, whether the key is valid, unknown, revoked or the request fails', async () => {
    const { logger, lines } = captureLogger('debug');
    const secret = 'SQLITE_CORRUPT near the key table';
    const failing: AccessControl = {
      authenticate: (header) => t.access.authenticate(header),
      takeRequest: (subject) => t.access.takeRequest(subject),
      reloadForUnknownKey: (header) => t.access.reloadForUnknownKey(header),
      authorize: () => {
        throw new Error(secret);
      },
      recordUsage: (...args) => t.access.recordUsage(...args),
      isReady: () => t.access.isReady(),
      close: async () => undefined,
    };
    const app = createApp({ ...t.deps, logger });
    const failingApp = createApp({ ...t.deps, access: failing, logger });
    const valid = await makeApiKey(t);
    const live = await makeApiKey(t, { mode: 'live' });
    const revoked = await makeApiKey(t, { revokedAt: new Date(Date.now() - 1000) });
    const unknown = 'svc_test_ThisKeyDoesNotExist0123456789abcdef';
    const keys = [valid.key, live.key, revoked.key, unknown, 'not-even-a-key-0123456789'];
    for (const key of keys) {
      await request(app).get('/api/v1/appointments?country=FR').set('Authorization', `Bearer ${key}`);
      await request(app).post('/api/v1/route').set('Authorization', `Bearer ${key}`).set('Content-Type', 'application/json').send('{"question": broken');
      await request(app).get('/nope').set('Authorization', `Bearer ${key}`);
      await request(app).get('/api/v1/countries').set('Authorization', key);
    }
    const failed = await request(failingApp).get('/api/v1/countries').set('Authorization', `Bearer ${valid.key}`);
    expect(failed.status).toBe(500);
    const log = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(keys.length * 4 + 2);
    expect(log).toContain(secret); // the failure itself is logged, for the operator
    for (const key of keys) {
      expect(log).not.toContain(key);
      expect(log).not.toContain(key.slice(-16));
    }
    expect(log).not.toMatch(/Bearer|authorization/i);
  });
});
