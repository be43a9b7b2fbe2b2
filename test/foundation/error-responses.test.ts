import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessControl } from '../../src/access/caller.js';
import { createApp } from '../../src/app.js';
import { OPERATIONS } from '../../src/http/operations/index.js';
import { makeApiKey } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { expectMatchesOpenApi, openApiDocument } from '../support/openapi.js';
import { sendSample } from '../support/valid-request.js';
import { API_BASES, captureLogger, copyRulesWithStates, sampleRequest } from './foundation-support.js';

type ParameterDoc = { name: string; in: string; required?: boolean; schema?: { type?: string; pattern?: string; enum?: unknown[] } };

/** The documented parameters of an operation, read from /openapi.json. */
function parametersOf(operation: (typeof OPERATIONS)[number]): ParameterDoc[] {
  const item = openApiDocument().paths?.[operation.path] as Record<string, { parameters?: ParameterDoc[] }> | undefined;
  return item?.[operation.method]?.parameters ?? [];
}

const postOperations = OPERATIONS.filter((operation) => operation.method === 'post');
const requiredQueryParams = OPERATIONS.flatMap((operation) =>
  parametersOf(operation)
    .filter((param) => param.in === 'query' && param.required)
    .map((param) => ({ label: `${operation.method.toUpperCase()} ${operation.path} without ${param.name}`, operation, param })),
);
const typedQueryParams = OPERATIONS.flatMap((operation) =>
  parametersOf(operation)
    .filter((param) => param.in === 'query' && (param.schema?.type === 'integer' || param.schema?.pattern !== undefined || param.schema?.enum !== undefined))
    .map((param) => ({ label: `${operation.method.toUpperCase()} ${operation.path} with ${param.name}=%%%`, operation, param })),
);
const rangedQueryParams = OPERATIONS.flatMap((operation) =>
  parametersOf(operation)
    .filter((param) => param.in === 'query' && param.schema?.type === 'integer')
    .flatMap((param) => {
      const schema = param.schema as { minimum?: number; maximum?: number };
      return [
        ...(schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER ? [schema.maximum + 1] : []),
        ...(schema.minimum !== undefined ? [schema.minimum - 1] : []),
      ].map((value) => ({ label: `${operation.method.toUpperCase()} ${operation.path} with ${param.name}=${value}`, operation, param, value }));
    }),
);
/** Active operations that take a `country` (path or query), for the 404 / 422 rows. */
const countryOperations = OPERATIONS.filter((operation) => parametersOf(operation).some((param) => param.name === 'country')).map((operation) => ({
  label: `${operation.method.toUpperCase()} ${operation.path}`,
  operation,
}));
const allOperations = OPERATIONS.map((operation) => ({ label: `${operation.method.toUpperCase()} ${operation.path}`, operation }));

describe.each(API_BASES)('error rows under %s', (base) => {
  let t: TestApp;
  /** The same app with every capability active (a registry edit), so parameter checks are reached. */
  let active: TestApp;
  let rules: { dir: string; remove: () => void };
  let key: string;
  let activeKey: string;
  const routeOperation = OPERATIONS.find((operation) => operation.path === '/route');

  beforeAll(async () => {
    t = await createTestApp();
    rules = copyRulesWithStates('active');
    active = await createTestApp({ rulesDir: rules.dir });
    key = (await makeApiKey(t)).key;
    activeKey = (await makeApiKey(active)).key;
  });
  afterAll(async () => {
    await t.close();
    await active.close();
    rules.remove();
  });

  const post = (app: TestApp, path: string, bearer: string | undefined) => {
    const call = request(app.app).post(`${base}${path}`);
    return bearer ? call.set('Authorization', `Bearer ${bearer}`) : call;
  };

  describe.each(postOperations.map((operation) => ({ label: `POST ${operation.path}`, operation })))('$label', ({ operation }) => {
    it.each([
      { name: 'malformed JSON', contentType: 'application/json', body: '{"question": "visa', message: /not valid JSON/ },
      { name: 'an empty body', contentType: 'application/json', body: '', message: /JSON body is required/ },
      { name: 'a text/plain body', contentType: 'text/plain', body: 'Which documents?', message: /must be JSON/ },
      { name: 'a form body', contentType: 'application/x-www-form-urlencoded', body: 'question=visa', message: /must be JSON/ },
      { name: 'a JSON array', contentType: 'application/json', body: '[1,2]', message: /JSON object/ },
      { name: 'JSON null', contentType: 'application/json', body: 'null', message: /JSON object/ },
      { name: 'a JSON string', contentType: 'application/json', body: '"visa"', message: /JSON object/ },
    ])('rejects $name with 400 invalid_request naming the body', async ({ contentType, body, message }) => {
      const res = await post(active, operation.path, activeKey).set('Content-Type', contentType).send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error, JSON.stringify(res.body)).toMatchObject({ code: 'invalid_request', param: 'body' });
      expect(res.body.error.message).toMatch(message);
      expectMatchesOpenApi(res, 'post', `${base}${operation.path}`);
    });

    it('rejects a POST with no body at all with 400 naming the body', async () => {
      const res = await post(active, operation.path, activeKey);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'body' });
      expectMatchesOpenApi(res, 'post', `${base}${operation.path}`);
    });

    it('answers 413 payload_too_large for a body over BODY_LIMIT (16 KiB)', async () => {
      const body = JSON.stringify({ question: 'x'.repeat(16 * 1024) });
      const res = await post(active, operation.path, activeKey).set('Content-Type', 'application/json').send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(413);
      expect(res.body.error).toMatchObject({ code: 'payload_too_large', param: 'body' });
      expect(res.body.error.message).toContain('16384');
      expectMatchesOpenApi(res, 'post', `${base}${operation.path}`);
    });

    it('checks the key before the body: an oversized body without a key is 401', async () => {
      const res = await post(active, operation.path, undefined).set('Content-Type', 'application/json').send(JSON.stringify({ q: 'x'.repeat(20_000) }));
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(res.body.error.code).toBe('missing_api_key');
    });
  });

  it('accepts a body just under the limit (it is not rejected for its size)', async () => {
    expect(routeOperation, 'POST /route is in OPERATIONS').toBeDefined();
    const question = `Which documents do I need for a Schengen visa? ${'x'.repeat(16 * 1024 - 200)}`;
    const res = await post(t, '/route', key).set('Content-Type', 'application/json').send(JSON.stringify({ question }));
    expect(res.status, JSON.stringify(res.body)).not.toBe(413);
  });

  it.each(postOperations.map((operation) => ({ label: `POST ${operation.path}`, operation })))(
    '$label rejects an unknown body field with 400 naming it, when its body is a closed object',
    async ({ operation }) => {
      const sample = sampleRequest(operation);
      const res = await sendSample(active.app, { ...sample, body: { ...(sample.body as object), unexpected_field: 1 } }, `Bearer ${activeKey}`, base);
      const closed = operation.body && (operation.body as { def?: { catchall?: { def?: { type?: string } } } }).def?.catchall?.def?.type === 'never';
      if (!closed) {
        expect(res.status, JSON.stringify(res.body)).not.toBe(400);
        return;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'unexpected_field' });
      expectMatchesOpenApi(res, 'post', `${base}${operation.path}`);
    },
  );

  it.each(allOperations)('$label rejects an unknown query parameter with 400 naming it', async ({ operation }) => {
    const sample = sampleRequest(operation);
    const res = await sendSample(active.app, { ...sample, query: { ...sample.query, unexpected: '1' } }, `Bearer ${activeKey}`, base);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'unexpected' });
    expectMatchesOpenApi(res, operation.method, `${base}${operation.path}`);
  });

  it.each(requiredQueryParams)('$label is 400 invalid_request naming the missing parameter', async ({ operation, param }) => {
    const sample = sampleRequest(operation);
    const query = Object.fromEntries(Object.entries(sample.query).filter(([name]) => name !== param.name));
    const res = await sendSample(active.app, { ...sample, query }, `Bearer ${activeKey}`, base);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param: param.name });
    expect(res.body.error.message).toMatch(/Missing required/);
    expectMatchesOpenApi(res, operation.method, `${base}${operation.path}`);
  });

  it.each(typedQueryParams)('$label (wrong type or format) is 400 invalid_request naming the parameter', async ({ operation, param }) => {
    const sample = sampleRequest(operation);
    const res = await sendSample(active.app, { ...sample, query: { ...sample.query, [param.name]: '%%%' } }, `Bearer ${activeKey}`, base);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param: param.name });
    expectMatchesOpenApi(res, operation.method, `${base}${operation.path}`);
  });

  it.each(rangedQueryParams)('$label (out of range) is 400 invalid_request naming the parameter', async ({ operation, param, value }) => {
    const sample = sampleRequest(operation);
    const res = await sendSample(active.app, { ...sample, query: { ...sample.query, [param.name]: String(value) } }, `Bearer ${activeKey}`, base);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param: param.name });
    expectMatchesOpenApi(res, operation.method, `${base}${operation.path}`);
  });

  it.each(['0x10', '1e1', ' 5', '10.0', '5abc', '-0', ''])('reads only decimal digits as days: days=%j is 400 invalid_request naming days', async (days) => {
    const res = await request(active.app).get(`${base}/financial-requirements`).query({ country: 'FR', days }).set('Authorization', `Bearer ${activeKey}`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'days' });
    expectMatchesOpenApi(res, 'get', `${base}/financial-requirements`);
  });

  it.each(['/countries/%ZZ', '/countries/%E0%A4%A'])('answers a path that is not valid percent-encoding (%s) with 400, not 500, and its rate-limit headers', async (path) => {
    const res = await request(t.app).get(`${base}${path}`).set('Authorization', `Bearer ${key}`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.message).toMatch(/percent-encoding/);
    for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers[header]).toMatch(/^\d+$/);
  });

  it.each(countryOperations)('$label: a non-Schengen country is 422, an unknown code 404, and case does not matter', async ({ operation }) => {
    if (!t.deps.rules.current().capabilities.isActive(operation.capability)) {
      const res = await sendSample(t.app, sampleRequest(operation), `Bearer ${key}`, base);
      expect(res.status, JSON.stringify(res.body)).toBe(501);
      return;
    }
    const sample = sampleRequest(operation);
    const withCountry = (code: string) => ({
      ...sample,
      path: operation.path.replace('{country}', code),
      query: parametersOf(operation).some((param) => param.name === 'country' && param.in === 'query') ? { ...sample.query, country: code } : sample.query,
    });
    const expectations = [
      { code: 'CY', status: 422, error: 'unprocessable_entity' },
      { code: 'ZZ', status: 404, error: 'not_found' },
      { code: 'fr', status: 200, error: undefined },
    ];
    for (const expected of expectations) {
      const request_ = withCountry(expected.code);
      const res = await sendSample(t.app, request_, `Bearer ${key}`, base);
      expect(res.status, `${expected.code}: ${JSON.stringify(res.body)}`).toBe(expected.status);
      if (expected.error) expect(res.body.error).toMatchObject({ code: expected.error, param: 'country' });
      expectMatchesOpenApi(res, operation.method, `${base}${request_.path}`);
    }
  });

  it('rejects a repeated query parameter with 400 naming it', async () => {
    const res = await request(active.app).get(`${base}/appointments?country=FR&country=DE`).set('Authorization', `Bearer ${activeKey}`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'country' });
    expectMatchesOpenApi(res, 'get', `${base}/appointments`);
  });

  it('answers 501 before checking parameters when the capability is awaiting integration', async () => {
    const res = await request(t.app).get(`${base}/appointments?unexpected=1`).set('Authorization', `Bearer ${key}`);
    expect(res.status, JSON.stringify(res.body)).toBe(501);
    expectMatchesOpenApi(res, 'get', `${base}/appointments`);
  });

  it.each([
    { label: 'an unknown path', method: 'get' as const, path: '/nope' },
    { label: 'a near miss of a path', method: 'get' as const, path: '/country' },
    { label: 'a nested unknown path', method: 'get' as const, path: '/appointments/extra' },
    { label: 'the wrong method on a known path', method: 'get' as const, path: '/route' },
    { label: 'DELETE on a known path', method: 'delete' as const, path: '/appointments' },
    { label: 'the base itself', method: 'get' as const, path: '' },
  ])('answers 404 not_found for $label, with the rate-limit headers and without needing a key', async ({ method, path }) => {
    const res = await request(t.app)[method](`${base}${path}`);
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers[header], header).toMatch(/^\d+$/);
    expectMatchesOpenApi(res, method, `${base}${path || '/'}`);
  });

  it('answers 500 internal_error with no stack or internal detail when a collaborator fails, and logs it', async () => {
    const { logger, records } = captureLogger();
    const secret = 'SQLITE_CORRUPT at /var/lib/svc/secret.db';
    const failing: AccessControl = {
      authenticate: (header) => t.access.authenticate(header),
      takeRequest: (subject) => t.access.takeRequest(subject),
      reloadForUnknownKey: (header) => t.access.reloadForUnknownKey(header),
      authorize: () => {
        throw new TypeError(secret);
      },
      recordUsage: (...args) => t.access.recordUsage(...args),
      isReady: () => t.access.isReady(),
      close: async () => undefined,
    };
    const app = createApp({ ...t.deps, access: failing, logger });
    const operation = OPERATIONS.find((candidate) => t.deps.rules.current().capabilities.isActive(candidate.capability));
    expect(operation, 'an active operation exists').toBeDefined();
    if (!operation) return;
    const res = await sendSample(app, sampleRequest(operation), `Bearer ${key}`, base);
    expect(res.status, JSON.stringify(res.body)).toBe(500);
    expect(res.body.error.code).toBe('internal_error');
    expect(res.text).not.toContain('SQLITE');
    expect(res.text).not.toContain('secret');
    expect(res.text).not.toMatch(/TypeError|at .*\.ts:\d+|stack/);
    expect(Object.keys(res.body.error).sort()).toEqual(['code', 'message']);
    expect(res.headers['cache-control']).toBe('no-store');
    expectMatchesOpenApi(res, operation.method, `${base}${operation.path}`);
    const logged = records().find((record) => record.msg === 'unexpected error');
    expect(logged, JSON.stringify(records())).toMatchObject({ request_id: res.body.request_id, level: 'error' });
    expect(JSON.stringify(logged)).toContain(secret);
  });

  it('answers 500 with the rate-limit headers when authentication itself fails unexpectedly', async () => {
    const failing: AccessControl = {
      authenticate: () => {
        throw new Error('snapshot corrupted');
      },
      takeRequest: (subject) => t.access.takeRequest(subject),
      reloadForUnknownKey: (header) => t.access.reloadForUnknownKey(header),
      authorize: (...args) => t.access.authorize(...args),
      recordUsage: (...args) => t.access.recordUsage(...args),
      isReady: () => t.access.isReady(),
      close: async () => undefined,
    };
    const app = createApp({ ...t.deps, access: failing, logger: captureLogger().logger });
    const res = await request(app).get(`${base}/appointments?country=FR`).set('Authorization', `Bearer ${key}`);
    expect(res.status, JSON.stringify(res.body)).toBe(500);
    expect(res.text).not.toContain('snapshot');
    expectMatchesOpenApi(res, 'get', `${base}/appointments`);
  });

  it('answers 503 service_temporarily_unavailable while draining, with Retry-After and the rate-limit headers', async () => {
    t.deps.lifecycle.draining = true;
    try {
      const res = await request(t.app).get(`${base}/appointments?country=FR`).set('Authorization', `Bearer ${key}`);
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.error.code).toBe('service_temporarily_unavailable');
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['connection']).toBe('close');
      expect(res.headers['cache-control']).toBe('no-store');
      expectMatchesOpenApi(res, 'get', `${base}/appointments`);
      const unknown = await request(t.app).get(`${base}/nope`);
      expect(unknown.status).toBe(503);
    } finally {
      t.deps.lifecycle.draining = false;
    }
  });
});

describe('404 outside the API bases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/nope', '/api', '/api/v2/countries', '/V1/countries', '/api/v1countries'])('%s is 404 not_found in the error envelope', async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expectMatchesOpenApi(res, 'get', path);
  });

  it('answers 503 for pages other than health while draining; /healthz stays 200 and /readyz says not ready', async () => {
    t.deps.lifecycle.draining = true;
    try {
      expect((await request(t.app).get('/status')).status).toBe(503);
      expect((await request(t.app).get('/openapi.json')).status).toBe(503);
      expect((await request(t.app).get('/healthz')).status).toBe(200);
      const ready = await request(t.app).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.checks.draining).toBe(true);
    } finally {
      t.deps.lifecycle.draining = false;
    }
  });
});
