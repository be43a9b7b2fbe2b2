import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCapabilityRegistry } from '../../src/capabilities/capability-registry.js';
import { OPERATIONS } from '../../src/http/operations/index.js';
import { DISCLAIMER, DISCLAIMER_NON_OFFICIAL, disclaimerFor } from '../../src/http/envelope.js';
import { makeApiKey } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { expectMatchesOpenApi } from '../support/openapi.js';
import { sendSample } from '../support/valid-request.js';
import { API_BASES, REQUEST_ID, sampleRequest } from './foundation-support.js';

/** The operations the shipped registry marks active, under both bases. */
const shippedRegistry = loadCapabilityRegistry('rules/capabilities.json');
const activeRows = OPERATIONS.filter((operation) => shippedRegistry.isActive(operation.capability)).flatMap((operation) =>
  API_BASES.map((base) => ({ label: `${operation.method.toUpperCase()} ${base}${operation.path}`, operation, base })),
);

const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

function expectRateLimitHeaders(res: request.Response): void {
  for (const header of RATE_LIMIT_HEADERS) expect(res.headers[header], `${header} on ${res.status}: ${JSON.stringify(res.body)}`).toMatch(/^\d+$/);
  expect(Number(res.headers['x-ratelimit-reset']), 'X-RateLimit-Reset is a delay of at least 1 s').toBeGreaterThanOrEqual(1);
  expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThanOrEqual(Number(res.headers['x-ratelimit-limit']));
}

describe('envelopes, request ids and headers', () => {
  let t: TestApp;
  let testKey: string;
  let liveKey: string;
  beforeAll(async () => {
    t = await createTestApp();
    testKey = (await makeApiKey(t, { mode: 'test' })).key;
    liveKey = (await makeApiKey(t, { mode: 'live' })).key;
  });
  afterAll(async () => {
    await t.close();
  });

  it('has at least one active operation to check the success envelope on', () => {
    expect(activeRows.length).toBeGreaterThan(0);
  });

  it.each(activeRows)('$label answers its success envelope exactly as spec 2.1-2.3', async ({ operation, base }) => {
    const sample = sampleRequest(operation);
    for (const [key, livemode] of [
      [testKey, false],
      [liveKey, true],
    ] as const) {
      const res = await sendSample(t.app, sample, `Bearer ${key}`, base);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Object.keys(res.body).sort(), JSON.stringify(res.body)).toEqual(['data', 'meta', 'request_id']);
      expect(res.body.request_id).toMatch(REQUEST_ID);
      expect(res.headers['x-request-id']).toBe(res.body.request_id);
      expect(Object.keys(res.body.meta).sort()).toEqual(['disclaimer', 'last_verified_at', 'livemode', 'sources', 'units']);
      expect(res.body.meta.units).toBe(operation.units);
      expect(res.body.meta.livemode).toBe(livemode);
      expect(res.body.meta.disclaimer).toBe(disclaimerFor(res.body.meta.sources));
      expect(res.body.meta.last_verified_at === null || /^\d{4}-\d{2}-\d{2}$/.test(res.body.meta.last_verified_at)).toBe(true);
      for (const source of res.body.meta.sources as Record<string, unknown>[]) {
        expect(Object.keys(source).sort(), JSON.stringify(source)).toEqual(['last_checked_at', 'official', 'organization', 'url']);
      }
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectRateLimitHeaders(res);
      expectMatchesOpenApi(res, operation.method, `${base}${sample.path}`);
    }
  });

  it('the disclaimer says the response is not an official consular decision', () => {
    expect(DISCLAIMER).toMatch(/not an official consular decision/);
    expect(DISCLAIMER_NON_OFFICIAL).toMatch(/not an official consular decision/);
    // Issue 10: not every source is official, so the disclaimer no longer says "official sources".
    expect(DISCLAIMER).not.toMatch(/official sources/);
  });

  it('a response resting only on non-official sources says so; one with an official source does not', async () => {
    const ask = (question: string) => request(t.app).post('/api/v1/answer').set('Authorization', `Bearer ${testKey}`).send({ question });
    const unofficial = await ask('How does the multiple entry cascade work for Indian applicants?');
    expect(unofficial.status, JSON.stringify(unofficial.body)).toBe(200);
    expect(unofficial.body.meta.sources, JSON.stringify(unofficial.body)).not.toEqual([]);
    expect(unofficial.body.meta.sources.length).toBeGreaterThan(0);
    expect(unofficial.body.meta.sources.every((source: { official: boolean }) => !source.official)).toBe(true);
    expect(unofficial.body.meta.disclaimer).toBe(DISCLAIMER_NON_OFFICIAL);
    const official = await ask('How much does a Schengen visa cost?');
    expect(official.body.meta.sources.some((source: { official: boolean }) => source.official)).toBe(true);
    expect(official.body.meta.disclaimer).toBe(DISCLAIMER);
  });

  it.each(
    OPERATIONS.filter((operation) => operation.method === 'get').map((operation) => ({ label: `GET ${operation.path}`, operation })),
  )('$label gives the same answer under /api/v1 and /v1', async ({ operation }) => {
    const sample = sampleRequest(operation);
    const [a, b] = await Promise.all(API_BASES.map((base) => sendSample(t.app, sample, `Bearer ${testKey}`, base)));
    expect(a?.status, JSON.stringify(a?.body)).toBe(b?.status);
    expect(a?.body.data ?? a?.body.error.code).toEqual(b?.body.data ?? b?.body.error.code);
  });

  it.each([
    { label: 'no key', headers: {} as Record<string, string>, status: 401, code: 'missing_api_key' },
    { label: 'a malformed Authorization header', headers: { Authorization: 'Basic abc' }, status: 401, code: 'invalid_api_key' },
    { label: 'an unknown key', headers: { Authorization: 'Bearer svc_test_000000000000000000000000000000' }, status: 401, code: 'invalid_api_key' },
  ])('the error envelope for $label is exactly {request_id, error:{code, message}} with the rate-limit headers', async ({ headers, status, code }) => {
    for (const base of API_BASES) {
      const res = await request(t.app).get(`${base}/appointments?country=FR`).set(headers);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(Object.keys(res.body).sort()).toEqual(['error', 'request_id']);
      expect(res.body.error.code).toBe(code);
      expect(typeof res.body.error.message).toBe('string');
      expect(res.body.request_id).toMatch(REQUEST_ID);
      expect(res.headers['x-request-id']).toBe(res.body.request_id);
      expectRateLimitHeaders(res);
      expectMatchesOpenApi(res, 'get', `${base}/appointments`);
    }
  });

  it.each([
    { label: '200', path: () => '/api/v1/countries', auth: true, status: 200 },
    { label: '400', path: () => '/api/v1/countries?bogus=1', auth: true, status: 400 },
    { label: '401', path: () => '/api/v1/countries', auth: false, status: 401 },
    { label: '404', path: () => '/api/v1/does-not-exist', auth: false, status: 404 },
    { label: '501', path: () => '/api/v1/appointments?country=FR', auth: true, status: 501 },
  ])('sends the three rate-limit headers on a $label', async ({ path, auth, status }) => {
    const call = request(t.app).get(path());
    const res = await (auth ? call.set('Authorization', `Bearer ${testKey}`) : call);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expectRateLimitHeaders(res);
    expectMatchesOpenApi(res, 'get', path());
  });

  it('counts down X-RateLimit-Remaining and answers 429 rate_limit_exceeded with Retry-After once the key is over its limit', async () => {
    const { key } = await makeApiKey(t, { plan: { rateLimitRequests: 3, rateLimitWindowSeconds: 3600 } });
    const remaining: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await request(t.app).get('/api/v1/appointments?country=FR').set('Authorization', `Bearer ${key}`);
      expect(res.status, JSON.stringify(res.body)).toBe(501);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      remaining.push(Number(res.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual([2, 1, 0]);
    const limited = await request(t.app).get('/v1/appointments?country=FR').set('Authorization', `Bearer ${key}`);
    expect(limited.status, JSON.stringify(limited.body)).toBe(429);
    expect(limited.body.error.code).toBe('rate_limit_exceeded');
    expect(limited.headers['retry-after']).toBe(limited.headers['x-ratelimit-reset']);
    expect(limited.body.error.retry_after).toBe(Number(limited.headers['retry-after']));
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expectMatchesOpenApi(limited, 'get', '/v1/appointments');
  });

  it('limits requests without a valid key per client address, before authentication', async () => {
    const limited = await createTestApp({ env: { ANONYMOUS_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await request(limited.app).get('/api/v1/appointments?country=FR')).status);
      expect(statuses).toEqual([401, 401, 429]);
      const res = await request(limited.app).get('/api/v1/appointments?country=FR').set('Authorization', 'Bearer svc_test_nope');
      expect(res.status, JSON.stringify(res.body)).toBe(429);
      expect(res.headers['x-ratelimit-limit']).toBe('2');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expectMatchesOpenApi(res, 'get', '/api/v1/appointments');
    } finally {
      await limited.close();
    }
  });

  it('gives every response a unique request id, equal to X-Request-Id, on API paths and elsewhere', async () => {
    const paths = ['/api/v1/appointments?country=FR', '/v1/nope', '/nope', '/healthz', '/status.json', '/openapi.json'];
    const ids = new Set<string>();
    for (let i = 0; i < 60; i += 1) {
      const path = paths[i % paths.length] ?? '/healthz';
      const res = await request(t.app).get(path);
      const header = res.headers['x-request-id'];
      expect(header, path).toMatch(REQUEST_ID);
      if (res.body && typeof res.body === 'object' && 'request_id' in res.body) expect(res.body.request_id).toBe(header);
      ids.add(String(header));
    }
    expect(ids.size).toBe(60);
  });

  it('ignores a request id sent by the client (ids are always ours)', async () => {
    const res = await request(t.app).get('/api/v1/nope').set('X-Request-Id', 'req_client_supplied_value_000');
    expect(res.headers['x-request-id']).not.toBe('req_client_supplied_value_000');
    expect(res.body.request_id).toBe(res.headers['x-request-id']);
  });
});
