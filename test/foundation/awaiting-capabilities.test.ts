import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITY_IDS } from '../../src/capabilities/capability-registry.js';
import { OPERATIONS } from '../../src/http/operations/index.js';
import { makeAccount, makeApiKey } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { expectMatchesOpenApi } from '../support/openapi.js';
import { sendSample } from '../support/valid-request.js';
import { copyRulesWithStates, sampleRequest } from './foundation-support.js';

/** Spec 1.8: the four capabilities awaiting integration. */
const SPEC_AWAITING = ['appointments', 'refusal_analysis', 'entry_ban_analysis', 'visa_status_analysis'];

async function unitsCharged(t: TestApp, accountId: string): Promise<number> {
  await t.access.flush();
  const rows = await t.access.admin.usage({ accountId, fromDay: '2000-01-01', toDay: '2999-12-31' });
  return rows.reduce((sum, row) => sum + row.units + row.requests, 0);
}

describe('capabilities awaiting integration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the shipped registry lists the twelve capabilities, and exactly the spec four are awaiting integration', () => {
    const registry = t.deps.rules.current().capabilities;
    expect(registry.list.map((capability) => capability.id).sort()).toEqual([...CAPABILITY_IDS].sort());
    expect(registry.list.filter((capability) => capability.state === 'awaiting_integration').map((capability) => capability.id).sort()).toEqual(
      [...SPEC_AWAITING].sort(),
    );
  });

  const awaiting = OPERATIONS.filter((operation) => SPEC_AWAITING.includes(operation.capability)).map((operation) => ({
    label: `${operation.method.toUpperCase()} ${operation.path}`,
    operation,
  }));

  it('has one operation per awaiting capability', () => {
    expect(awaiting.map(({ operation }) => operation.capability).sort()).toEqual([...SPEC_AWAITING].sort());
  });

  describe.each(awaiting)('$label', ({ operation }) => {
    it('asks for a key first: 401 without one, 401 with an unknown one', async () => {
      const sample = sampleRequest(operation);
      const none = await sendSample(t.app, sample);
      expect(none.status, JSON.stringify(none.body)).toBe(401);
      expect(none.body.error.code).toBe('missing_api_key');
      const unknown = await sendSample(t.app, sample, 'Bearer svc_live_unknownunknownunknownunknown');
      expect(unknown.status, JSON.stringify(unknown.body)).toBe(401);
      expectMatchesOpenApi(none, operation.method, `/api/v1${sample.path}`);
    });

    it.each(['test', 'live'] as const)('answers 501 capability_not_available to a %s key: no-store, no data, not charged', async (mode) => {
      const account = await makeAccount(t);
      const { key } = await makeApiKey(t, { accountId: account.id, mode });
      const sample = sampleRequest(operation);
      for (const base of ['/api/v1', '/v1']) {
        const res = await sendSample(t.app, sample, `Bearer ${key}`, base);
        expect(res.status, JSON.stringify(res.body)).toBe(501);
        expect(res.body.error).toMatchObject({ code: 'capability_not_available', capability: operation.capability });
        expect(res.body).not.toHaveProperty('data');
        expect(res.body).not.toHaveProperty('meta');
        expect(res.headers['cache-control']).toBe('no-store');
        expectMatchesOpenApi(res, operation.method, `${base}${sample.path}`);
      }
      expect(await unitsCharged(t, account.id)).toBe(0);
    });

    it('answers 501 even to an account without the entitlement (501 comes before entitlement)', async () => {
      const others = CAPABILITY_IDS.filter((id) => id !== operation.capability);
      const { key } = await makeApiKey(t, { entitlements: others });
      const res = await sendSample(t.app, sampleRequest(operation), `Bearer ${key}`);
      expect(res.status, JSON.stringify(res.body)).toBe(501);
    });
  });

  it('never returns data from an awaiting operation even when its registry entry is switched on before the integration ships', async () => {
    const rules = copyRulesWithStates('active');
    const on = await createTestApp({ rulesDir: rules.dir });
    try {
      const account = await makeAccount(on);
      const { key } = await makeApiKey(on, { accountId: account.id });
      for (const { operation } of awaiting) {
        const sample = sampleRequest(operation);
        const res = await sendSample(on.app, sample, `Bearer ${key}`);
        expect(res.status, JSON.stringify(res.body)).toBe(501);
        expect(res.body).not.toHaveProperty('data');
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expect(await unitsCharged(on, account.id)).toBe(0);
    } finally {
      await on.close();
      rules.remove();
    }
  });

  it('turns an active capability into a 501 by editing the registry only', async () => {
    const rules = copyRulesWithStates('awaiting_integration');
    const off = await createTestApp({ rulesDir: rules.dir });
    try {
      const { key } = await makeApiKey(off);
      for (const operation of OPERATIONS) {
        const res = await sendSample(off.app, sampleRequest(operation), `Bearer ${key}`);
        expect(res.status, `${operation.id}: ${JSON.stringify(res.body)}`).toBe(501);
      }
      const status = await request(off.app).get('/status.json');
      expect(status.body.summary).toEqual({ active: 0, awaiting_integration: 12 });
    } finally {
      await off.close();
      rules.remove();
    }
  });
});
