import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITY_IDS } from '../../src/capabilities/capability-registry.js';
import { OPERATIONS } from '../../src/http/operations/index.js';
import { makeApiKey } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { sendSample, validRequestFor } from '../support/valid-request.js';

/**
 * The spec's authentication failure table (section 5), on every operation of the API. New
 * operations added to OPERATIONS are picked up without touching this file.
 */
const WELL_FORMED_UNKNOWN = `Bearer svc_live_${'A'.repeat(40)}`;

interface AuthCase {
  name: string;
  /** The Authorization header, from the keys made in beforeAll; undefined sends none. */
  header: (keys: Keys) => string | undefined;
  status: number;
  code: string;
  /** The code an operation whose capability awaits integration answers instead (501 comes after authentication). */
  whenAwaiting?: { status: number; code: string };
}

type Keys = Record<'revoked' | 'expired' | 'suspended' | 'liveUnsubscribed' | 'notEntitled', string>;

const AUTH_CASES: AuthCase[] = [
  { name: 'no Authorization header', header: () => undefined, status: 401, code: 'missing_api_key' },
  { name: 'an empty Authorization header', header: () => '', status: 401, code: 'missing_api_key' },
  { name: 'a scheme other than Bearer', header: () => 'Basic dXNlcjpwYXNz', status: 401, code: 'invalid_api_key' },
  { name: 'Bearer with no token', header: () => 'Bearer ', status: 401, code: 'invalid_api_key' },
  { name: 'a token without a known prefix', header: () => `Bearer sk_live_${'A'.repeat(40)}`, status: 401, code: 'invalid_api_key' },
  { name: 'a key that matches no stored hash', header: () => WELL_FORMED_UNKNOWN, status: 401, code: 'invalid_api_key' },
  { name: 'a revoked key', header: (k) => `Bearer ${k.revoked}`, status: 401, code: 'revoked_api_key' },
  { name: 'an expired key', header: (k) => `Bearer ${k.expired}`, status: 401, code: 'expired_api_key' },
  { name: 'a key of a suspended account', header: (k) => `Bearer ${k.suspended}`, status: 403, code: 'account_suspended' },
  { name: 'a live key without an active subscription', header: (k) => `Bearer ${k.liveUnsubscribed}`, status: 402, code: 'subscription_inactive' },
  {
    name: 'a key of an account not entitled to any capability',
    header: (k) => `Bearer ${k.notEntitled}`,
    status: 403,
    code: 'entitlement_disabled',
    whenAwaiting: { status: 501, code: 'capability_not_available' },
  },
];

describe('authentication failures on every operation', () => {
  let t: TestApp;
  let keys: Keys;

  beforeAll(async () => {
    t = await createTestApp();
    const past = new Date(Date.now() - 60_000);
    keys = {
      revoked: (await makeApiKey(t, { revokedAt: past })).key,
      expired: (await makeApiKey(t, { expiresAt: past })).key,
      suspended: (await makeApiKey(t, { status: 'suspended' })).key,
      liveUnsubscribed: (await makeApiKey(t, { mode: 'live', subscription: 'inactive' })).key,
      notEntitled: (await makeApiKey(t, { entitlements: [] })).key,
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const rows = OPERATIONS.flatMap((operation) => AUTH_CASES.map((authCase) => ({ label: `${operation.method.toUpperCase()} ${operation.path}`, operation, authCase, caseName: authCase.name })));

  it.each(rows)('$label answers $authCase.code to $caseName', async ({ operation, authCase }) => {
    const awaiting = !t.deps.rules.current().capabilities.isActive(operation.capability);
    const expected = awaiting && authCase.whenAwaiting ? authCase.whenAwaiting : authCase;
    const res = await sendSample(t.app, validRequestFor(operation), authCase.header(keys));
    const shown = `${res.status} ${JSON.stringify(res.body)}`;
    expect(res.status, shown).toBe(expected.status);
    expect(res.body.error?.code, shown).toBe(expected.code);
    expect(typeof res.body.error?.message, shown).toBe('string');
    expect(res.body.request_id, shown).toMatch(/^req_/);
    expect(res.body).not.toHaveProperty('data');
    for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
      expect(res.headers[header], `${header} on ${shown}`).toMatch(/^\d+$/);
    }
  });

  it.each(OPERATIONS.map((operation) => ({ label: `${operation.method.toUpperCase()} ${operation.path}`, operation })))(
    '$label tells a malformed header the expected form',
    async ({ operation }) => {
      const res = await sendSample(t.app, validRequestFor(operation), 'Token abc');
      expect(res.body.error.message, JSON.stringify(res.body)).toMatch(/Bearer <API_KEY>.*svc_test_.*svc_live_/);
    },
  );

  it.each(OPERATIONS.map((operation) => ({ label: `${operation.method.toUpperCase()} ${operation.path}`, operation })))(
    '$label keeps working for a test key whose subscription is inactive',
    async ({ operation }) => {
      const { key } = await makeApiKey(t, { mode: 'test', subscription: 'inactive' });
      const res = await sendSample(t.app, validRequestFor(operation), `Bearer ${key}`);
      const active = t.deps.rules.current().capabilities.isActive(operation.capability);
      expect(res.status, JSON.stringify(res.body)).toBe(active ? 200 : 501);
    },
  );

  it.each(OPERATIONS.map((operation) => ({ label: `${operation.method.toUpperCase()} ${operation.path}`, operation })))(
    '$label refuses only the capability that was disentitled',
    async ({ operation }) => {
      const others = CAPABILITY_IDS.filter((id) => id !== operation.capability);
      const { key } = await makeApiKey(t, { entitlements: others });
      const res = await sendSample(t.app, validRequestFor(operation), `Bearer ${key}`);
      const active = t.deps.rules.current().capabilities.isActive(operation.capability);
      expect(res.status, JSON.stringify(res.body)).toBe(active ? 403 : 501);
      expect(res.body.error.code).toBe(active ? 'entitlement_disabled' : 'capability_not_available');
    },
  );
});
