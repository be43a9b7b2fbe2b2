import type { CapabilityId } from '../capabilities/capability-registry.js';
import type { KeyMode } from './caller.js';

export type AccountStatus = 'active' | 'suspended';
export type SubscriptionStatus = 'active' | 'inactive';

/** A plan's limits; null means no limit on that dimension. */
export interface PlanRecord {
  id: string;
  name: string;
  /** Requests per rate window, per key. */
  rateLimitRequests: number;
  rateLimitWindowSeconds: number;
  /** Units per billing period (calendar month, UTC) for live keys; null = unlimited. */
  unitsPerPeriod: number | null;
  /** Units per UTC day, per mode; null = no daily cap. */
  dailyUnitCap: number | null;
  createdAt: Date;
}

export interface AccountRecord {
  id: string;
  name: string;
  status: AccountStatus;
  /** The plan of live keys. */
  planId: string;
  /** The plan of test keys (`free` unless the operator says otherwise). */
  testPlanId: string;
  subscriptionStatus: SubscriptionStatus;
  /** An operator-set daily cap of units, per mode, on top of the plan's; null = none. */
  dailyUnitCap: number | null;
  entitlements: ReadonlySet<CapabilityId>;
  createdAt: Date;
  updatedAt: Date;
}

/** A stored key. It holds the hash and hint only: the key itself is never stored. */
export interface KeyRecord {
  id: string;
  accountId: string;
  mode: KeyMode;
  hash: string;
  hint: string;
  name: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  /** When the key stops working; in the future during a rotation's grace period. */
  revokedAt: Date | null;
  replacedById: string | null;
}

/** Units counted per account and mode, summed over capabilities, for one day and one month. */
export interface UsageTotals {
  /** UTC day `YYYY-MM-DD` the `day` totals are for. */
  day: string;
  /** UTC month `YYYY-MM` the `month` totals are for. */
  month: string;
  /** `${accountId}|${mode}` → units. */
  dayUnits: Map<string, number>;
  monthUnits: Map<string, number>;
}

/** Plans, accounts and keys as the request path reads them, as of one revision of the store. */
export interface AccessSnapshot {
  /** The store's access revision these were read at (see AccessStore.loadRevision). */
  revision: number;
  plans: Map<string, PlanRecord>;
  accounts: Map<string, AccountRecord>;
  keysByHash: Map<string, KeyRecord>;
}

/** One batch row of usage: added to the stored counter, never written over it. */
export interface UsageIncrement {
  accountId: string;
  mode: KeyMode;
  day: string;
  capability: CapabilityId;
  units: number;
  requests: number;
}

/**
 * The increments one flush writes, under an id unique to this batch. A batch whose write failed
 * is written again with the same id and rows, so a store that may have applied it before the
 * failure was reported (a connection cut after COMMIT) can recognise it and apply it once.
 */
export interface UsageBatch {
  id: string;
  rows: readonly UsageIncrement[];
}

const DAY_MS = 86_400_000;

/**
 * The UTC day last formatted, as [start, end) in epoch ms. The request path asks for the day and
 * the month several times per request; formatting a date each time showed in its profile. A UTC
 * day is always exactly 86,400,000 ms in JavaScript time, so the window is exact.
 */
let dayWindow = { start: 0, end: 0, day: '', month: '' };

function dayOf(at: Date): typeof dayWindow {
  const t = at.getTime();
  if (t < dayWindow.start || t >= dayWindow.end) {
    const iso = at.toISOString();
    const start = Math.floor(t / DAY_MS) * DAY_MS;
    dayWindow = { start, end: start + DAY_MS, day: iso.slice(0, 10), month: iso.slice(0, 7) };
  }
  return dayWindow;
}

/** `YYYY-MM-DD` of an instant, in UTC. */
export function utcDay(at: Date): string {
  return dayOf(at).day;
}

/** `YYYY-MM` of an instant, in UTC: the billing period. */
export function utcMonth(at: Date): string {
  return dayOf(at).month;
}

/** Whole seconds (at least 1) from `at` to the next UTC midnight, when daily caps reset. */
export function secondsToNextUtcDay(at: Date): number {
  const next = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - at.getTime()) / 1000));
}

/** Whole seconds (at least 1) from `at` to the start of the next UTC month, when quotas reset. */
export function secondsToNextUtcMonth(at: Date): number {
  const next = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - at.getTime()) / 1000));
}

export function usageKey(accountId: string, mode: KeyMode): string {
  return `${accountId}|${mode}`;
}
