import type { CapabilityId } from '../capabilities/capability-registry.js';
import type { AccessSnapshot, AccountRecord, AccountStatus, KeyRecord, PlanRecord, SubscriptionStatus, UsageBatch, UsageTotals } from './access-records.js';
import type { KeyMode } from './caller.js';

/**
 * What the in-memory access layer needs from persistence: a whole snapshot now and then, and
 * usage written as increments. Implementations: Prisma over SQLite (the embedded default); a
 * PostgreSQL one plugs in here without touching the request pipeline.
 */
export interface AccessStore {
  /** A number that changes whenever a plan, account, entitlement or key changes (one-row read). */
  loadRevision(): Promise<number>;
  /** All plans, accounts (with entitlements) and keys, read consistently, with their revision. */
  loadSnapshot(): Promise<AccessSnapshot>;
  /** Stored units per account and mode for the UTC day and the UTC month of `now`. */
  loadUsageTotals(now: Date): Promise<UsageTotals>;
  /**
   * Adds each increment of the batch to its stored counter in one transaction (count = count +
   * delta), so several instances never overwrite each other. Throws when the write failed; the
   * caller then writes the same batch (same id) again later. Where an acknowledgement can be lost
   * after the commit (PostgreSQL over a network), the store records the batch id in the same
   * statement and applies a batch id only once.
   */
  addUsage(batch: UsageBatch): Promise<void>;
  /** Whether the database answers a trivial query. Never throws. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** A plan to create: its record without the creation time. */
export type NewPlan = Omit<PlanRecord, 'createdAt'>;

export interface NewAccount {
  name: string;
  /** Live plan; `starter` by default. */
  planId?: string;
  /** Test plan; `free` by default. */
  testPlanId?: string;
  subscriptionStatus?: SubscriptionStatus;
  /** Capabilities granted; all of them by default. */
  entitlements?: readonly CapabilityId[];
  dailyUnitCap?: number | null;
  /** A chosen id (tests); generated `acct_…` otherwise. */
  id?: string;
}

export interface NewKeyOptions {
  accountId: string;
  mode: KeyMode;
  name?: string | null;
  expiresAt?: Date | null;
}

/** Usage of one account, mode and UTC day, summed over capabilities unless split. */
export interface UsageRow {
  accountId: string;
  mode: KeyMode;
  day: string;
  capability: CapabilityId;
  units: number;
  requests: number;
}

/**
 * The operator's operations (the CLI, and the test factories). Each writes the database; a
 * running server sees the change at its next snapshot refresh (ACCESS_REFRESH_INTERVAL_MS).
 * Each throws AccessAdminError with a message fit for the operator when an id is unknown or a
 * value is not allowed.
 */
export interface AccessAdmin {
  createPlan(plan: NewPlan): Promise<PlanRecord>;
  listPlans(): Promise<PlanRecord[]>;
  createAccount(account: NewAccount): Promise<AccountRecord>;
  listAccounts(): Promise<AccountRecord[]>;
  getAccount(accountId: string): Promise<AccountRecord>;
  setAccountStatus(accountId: string, status: AccountStatus): Promise<AccountRecord>;
  setAccountPlan(accountId: string, planId: string, mode?: KeyMode): Promise<AccountRecord>;
  setSubscription(accountId: string, status: SubscriptionStatus): Promise<AccountRecord>;
  setDailyCap(accountId: string, cap: number | null): Promise<AccountRecord>;
  setEntitlement(accountId: string, capability: CapabilityId, enabled: boolean): Promise<AccountRecord>;
  /** Makes a key; the returned `key` is the only time the plaintext exists. */
  createKey(options: NewKeyOptions): Promise<{ key: string; record: KeyRecord }>;
  listKeys(accountId?: string): Promise<KeyRecord[]>;
  getKey(keyId: string): Promise<KeyRecord>;
  /** Revokes at `at` (now by default). Revoking a revoked key keeps its first revocation time. */
  revokeKey(keyId: string, at?: Date): Promise<KeyRecord>;
  /** A new key of the same account and mode; the old one revoked after `graceSeconds` (0 = now). */
  rotateKey(keyId: string, graceSeconds: number): Promise<{ key: string; record: KeyRecord; old: KeyRecord }>;
  /** Usage rows in [fromDay, toDay] (inclusive, `YYYY-MM-DD`), optionally for one account. */
  usage(query: { accountId?: string; fromDay: string; toDay: string }): Promise<UsageRow[]>;
}

/** An operator mistake (unknown id, bad value): the CLI prints its message and exits 1. */
export class AccessAdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccessAdminError';
  }
}
