import type { AccountRecord, AccountStatus, PlanRecord, SubscriptionStatus } from '../../src/access/access-records.js';
import type { KeyMode } from '../../src/access/caller.js';
import { CAPABILITY_IDS, type CapabilityId } from '../../src/capabilities/capability-registry.js';
import { randomBase62 } from '../../src/lib/random-base62.js';
import type { TestApp } from './harness.js';

/** The limits of a plan, for factories; unset fields get limits no ordinary test reaches. */
export interface PlanLimits {
  rateLimitRequests?: number;
  rateLimitWindowSeconds?: number;
  unitsPerPeriod?: number | null;
  dailyUnitCap?: number | null;
}

export interface AccountOptions {
  name?: string;
  status?: AccountStatus;
  subscription?: SubscriptionStatus;
  /** Capabilities granted; all by default. */
  entitlements?: readonly CapabilityId[];
  /** Live plan: an existing plan id (`starter`, `free`…) or limits for a new plan. Unlimited by default. */
  plan?: string | PlanLimits;
  /** Test plan, same forms. Unlimited by default (the real default for accounts is `free`). */
  testPlan?: string | PlanLimits;
  /** Operator-set daily cap on the account (per mode). */
  dailyUnitCap?: number | null;
}

export interface ApiKeyOptions extends Omit<AccountOptions, 'plan' | 'testPlan'> {
  mode?: KeyMode;
  /** Use this account instead of making one (the account options are then ignored). */
  accountId?: string;
  expiresAt?: Date;
  /** Revoke at this time (in the past: revoked now; in the future: a grace period). */
  revokedAt?: Date;
  /** The plan of the key's mode (live plan for live keys, test plan for test keys). */
  plan?: string | PlanLimits;
}

export interface MadeApiKey {
  /** The plaintext key, for `Authorization: Bearer <key>`. */
  key: string;
  keyId: string;
  accountId: string;
}

const NO_LIMITS: Required<PlanLimits> = {
  rateLimitRequests: 1_000_000,
  rateLimitWindowSeconds: 60,
  unitsPerPeriod: null,
  dailyUnitCap: null,
};

/** Creates a plan with the given limits (the rest unlimited) and returns it. */
export async function makePlan(t: TestApp, limits: PlanLimits = {}): Promise<PlanRecord> {
  const full = { ...NO_LIMITS, ...limits };
  return t.access.admin.createPlan({ id: `plan-${randomBase62(10).toLowerCase()}`, name: 'Test plan', ...full });
}

async function planIdOf(t: TestApp, plan: string | PlanLimits | undefined): Promise<string> {
  if (typeof plan === 'string') return plan;
  return (await makePlan(t, plan ?? {})).id;
}

/**
 * An account that is active, subscribed, entitled to every capability, on plans that never get
 * in the way; each option narrows one of those. The app's snapshot is refreshed before it returns,
 * so the account is visible to the next request.
 */
export async function makeAccount(t: TestApp, opts: AccountOptions = {}): Promise<AccountRecord> {
  const admin = t.access.admin;
  let account = await admin.createAccount({
    name: opts.name ?? 'Test account',
    planId: await planIdOf(t, opts.plan),
    testPlanId: await planIdOf(t, opts.testPlan),
    subscriptionStatus: opts.subscription ?? 'active',
    entitlements: opts.entitlements ?? CAPABILITY_IDS,
    dailyUnitCap: opts.dailyUnitCap ?? null,
  });
  if (opts.status && opts.status !== 'active') account = await admin.setAccountStatus(account.id, opts.status);
  await t.access.refresh();
  return account;
}

/**
 * A working key (test mode by default) on a fresh account made with makeAccount's defaults, or
 * on `accountId`. Options make it fail in one way: expired, revoked, a suspended account, an
 * inactive subscription, missing entitlements, a plan with tight limits.
 */
export async function makeApiKey(t: TestApp, opts: ApiKeyOptions = {}): Promise<MadeApiKey> {
  const mode = opts.mode ?? 'test';
  const accountId =
    opts.accountId ??
    (
      await makeAccount(t, {
        ...opts,
        plan: mode === 'live' ? opts.plan : undefined,
        testPlan: mode === 'test' ? opts.plan : undefined,
      })
    ).id;
  const { key, record } = await t.access.admin.createKey({ accountId, mode, expiresAt: opts.expiresAt ?? null });
  if (opts.revokedAt) await t.access.admin.revokeKey(record.id, opts.revokedAt);
  await t.access.refresh();
  return { key, keyId: record.id, accountId };
}
