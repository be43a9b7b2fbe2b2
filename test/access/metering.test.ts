import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/http/operations/index.js';
import { makeAccount, makeApiKey } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { sendSample, validRequestFor } from '../support/valid-request.js';
import { meteredTarget, storedUsage } from './metered-target.js';

const rows = OPERATIONS.map((operation) => ({ label: `${operation.method.toUpperCase()} ${operation.path}`, operation }));

describe('metering', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(rows)('$label charges its units to the mode of the key, or nothing when it answers 501', async ({ operation }) => {
    const account = await makeAccount(t);
    const test = await makeApiKey(t, { accountId: account.id, mode: 'test' });
    const live = await makeApiKey(t, { accountId: account.id, mode: 'live' });
    const active = t.deps.rules.current().capabilities.isActive(operation.capability);
    const sample = validRequestFor(operation);

    const testRes = await sendSample(t.app, sample, `Bearer ${test.key}`);
    const liveRes = await sendSample(t.app, sample, `Bearer ${live.key}`);
    await t.access.flush();

    if (active) {
      expect(testRes.status, JSON.stringify(testRes.body)).toBe(200);
      expect(testRes.body.meta, JSON.stringify(testRes.body)).toMatchObject({ units: operation.units, livemode: false });
      expect(liveRes.status, JSON.stringify(liveRes.body)).toBe(200);
      expect(liveRes.body.meta, JSON.stringify(liveRes.body)).toMatchObject({ units: operation.units, livemode: true });
      expect(storedUsage(t.databasePath, account.id, 'test')).toEqual({ units: operation.units, requests: 1 });
      expect(storedUsage(t.databasePath, account.id, 'live')).toEqual({ units: operation.units, requests: 1 });
    } else {
      expect(testRes.status, JSON.stringify(testRes.body)).toBe(501);
      expect(liveRes.status, JSON.stringify(liveRes.body)).toBe(501);
      expect(storedUsage(t.databasePath, account.id, 'test')).toEqual({ units: 0, requests: 0 });
      expect(storedUsage(t.databasePath, account.id, 'live')).toEqual({ units: 0, requests: 0 });
    }
  });

  it('POST /answer costs 2 units and every other operation 1, as the spec says', () => {
    for (const operation of OPERATIONS) expect(operation.units, operation.id).toBe(operation.path === '/answer' ? 2 : 1);
  });

  it('counts test and live usage of one account apart', async () => {
    const target = meteredTarget(t);
    const account = await makeAccount(t);
    const test = await makeApiKey(t, { accountId: account.id, mode: 'test' });
    const live = await makeApiKey(t, { accountId: account.id, mode: 'live' });
    for (let i = 0; i < 3; i += 1) expect((await sendSample(target.app, target.sample, `Bearer ${test.key}`)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await sendSample(target.app, target.sample, `Bearer ${live.key}`)).status).toBe(200);
    await t.access.flush();
    expect(storedUsage(t.databasePath, account.id, 'test')).toEqual({ units: 3, requests: 3 });
    expect(storedUsage(t.databasePath, account.id, 'live')).toEqual({ units: 2, requests: 2 });
  });

  it('does not charge a request that fails after authentication', async () => {
    const target = meteredTarget(t);
    const { key, accountId } = await makeApiKey(t, { entitlements: [] });
    const refused = await sendSample(target.app, target.sample, `Bearer ${key}`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    const unknownPath = await sendSample(target.app, { method: 'get', path: '/no-such-operation', query: {} }, `Bearer ${key}`);
    expect(unknownPath.status, JSON.stringify(unknownPath.body)).toBe(404);
    const badQuery = await sendSample(target.app, { ...target.sample, query: { ...target.sample.query, not_a_parameter: 'x' } }, `Bearer ${key}`);
    expect(badQuery.status, JSON.stringify(badQuery.body)).toBeGreaterThanOrEqual(400);
    await t.access.flush();
    expect(storedUsage(t.databasePath, accountId, 'test')).toEqual({ units: 0, requests: 0 });
  });

  it.each([
    { label: '400 (a bad parameter)', send: (r: request.Agent) => r.get('/api/v1/financial-requirements?country=FR&days=91'), status: 400 },
    { label: '400 (malformed JSON)', send: (r: request.Agent) => r.post('/api/v1/answer').set('Content-Type', 'application/json').send('{"question":'), status: 400 },
    { label: '404 (an unknown country)', send: (r: request.Agent) => r.get('/api/v1/countries/ZZ'), status: 404 },
    { label: '422 (a state outside Schengen)', send: (r: request.Agent) => r.get('/api/v1/requirements?country=CY'), status: 422 },
    { label: '413 (a body over the limit)', send: (r: request.Agent) => r.post('/api/v1/classify').set('Content-Type', 'application/json').send(JSON.stringify({ question: 'x'.repeat(20_000) })), status: 413 },
  ])('charges nothing, in either mode, for a $label answered after the key was accepted', async ({ send, status }) => {
    const account = await makeAccount(t);
    for (const mode of ['test', 'live'] as const) {
      const { key } = await makeApiKey(t, { accountId: account.id, mode });
      const res = await send(request.agent(t.app).set('Authorization', `Bearer ${key}`));
      expect(res.status, JSON.stringify(res.body)).toBe(status);
    }
    await t.access.flush();
    expect(storedUsage(t.databasePath, account.id, 'test')).toEqual({ units: 0, requests: 0 });
    expect(storedUsage(t.databasePath, account.id, 'live')).toEqual({ units: 0, requests: 0 });
  });
});
