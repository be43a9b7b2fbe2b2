import type { CapabilityId } from '../capabilities/capability-registry.js';
import type { Config } from '../config.js';
import { ApiError } from '../errors/api-error.js';
import type { Logger } from '../logger.js';
import { secondsToNextUtcDay, secondsToNextUtcMonth, type AccessSnapshot, type AccountRecord, type PlanRecord, type UsageTotals } from './access-records.js';
import type { AccessStore } from './access-store.js';
import { hashApiKey, parseAuthorization } from './api-key-format.js';
import type { AccessControl, Caller, RateLimitState } from './caller.js';
import { QuotaLeases, type QuotaVerdict } from './quota-leases.js';
import type { RateLimiter } from './rate-limiter.js';
import type { RedisLeases } from './redis-leases.js';
import { UsageMeter } from './usage-meter.js';

/**
 * An unknown key makes the request wait for a snapshot refresh at most this often, so that a key
 * made a moment ago is accepted on its first use, while keys that match nothing (typos, guesses)
 * cost at most one revision read per interval.
 */
const MISS_REFRESH_MIN_INTERVAL_MS = 1000;

export type AccessTimingConfig = Pick<Config, 'ACCESS_REFRESH_INTERVAL_MS' | 'USAGE_FLUSH_INTERVAL_MS' | 'ANONYMOUS_RATE_LIMIT_PER_MINUTE'>;

/**
 * The access layer of the request path, entirely in memory: keys (by SHA-256 hash), accounts,
 * plans and usage totals come from a snapshot of the store refreshed every
 * ACCESS_REFRESH_INTERVAL_MS; usage is counted in memory and added to the store every
 * USAGE_FLUSH_INTERVAL_MS. Refreshes and flushes run one at a time. A failed refresh keeps the
 * previous snapshot; a failed flush keeps its units for the next one (both are logged).
 */
export class InMemoryAccessControl implements AccessControl {
  private snapshot: AccessSnapshot;
  private readonly meter = new UsageMeter();
  private chain: Promise<unknown> = Promise.resolve();
  /** The refresh requests with an unknown key are waiting for, shared by all of them, and when it started. */
  private missRefresh: Promise<void> | null = null;
  private lastMissRefreshStarted = 0;
  private readonly timers: NodeJS.Timeout[] = [];
  private closed = false;
  /** With Redis: the live quotas' leases, and the connection they and the rate limiter share. */
  private shared: { quotas: QuotaLeases; redis: RedisLeases } | null = null;
  /** Real time the database stopped answering the refresh (null while it answers). */
  private databaseLostAt: number | null = null;
  /** Real time the usage writes started failing, and how many failed since (null while they succeed). */
  private flushFailing: { since: number; failures: number } | null = null;

  private constructor(
    private readonly store: AccessStore,
    private readonly limiter: RateLimiter,
    private readonly config: AccessTimingConfig,
    private readonly logger: Logger,
    private readonly clock: () => Date,
    initial: AccessSnapshot,
    usage: UsageTotals,
  ) {
    this.snapshot = initial;
    this.meter.replacePersisted(usage);
  }

  /** Loads the first snapshot (throws when the store cannot be read) and starts the background timers. */
  static async start(
    store: AccessStore,
    limiter: RateLimiter,
    config: AccessTimingConfig,
    logger: Logger,
    clock: () => Date,
    redis?: RedisLeases,
  ): Promise<InMemoryAccessControl> {
    const access = new InMemoryAccessControl(store, limiter, config, logger, clock, await store.loadSnapshot(), await store.loadUsageTotals(clock()));
    if (redis) access.shared = { redis, quotas: new QuotaLeases(redis, (accountId, now) => access.meter.monthUnits(accountId, 'live', now)) };
    // A tick is skipped while the previous one still runs, so a slow database never piles up work.
    const every = (ms: number, task: () => Promise<void>) => {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        task()
          .catch(() => undefined)
          .finally(() => {
            running = false;
          });
      }, ms);
      access.timers.push(timer.unref());
    };
    every(config.ACCESS_REFRESH_INTERVAL_MS, () => access.refresh());
    every(config.USAGE_FLUSH_INTERVAL_MS, () => access.flush());
    return access;
  }

  authenticate(authorization: string | undefined): Caller {
    const { token, mode } = parseAuthorization(authorization);
    const key = this.snapshot.keysByHash.get(hashApiKey(token));
    if (!key || key.mode !== mode) {
      throw new ApiError('invalid_api_key', 'The API key is not recognised. Check that you copied it whole; a lost key cannot be recovered, rotate it.');
    }
    const now = this.clock();
    if (key.revokedAt && key.revokedAt <= now) {
      throw new ApiError('revoked_api_key', `The API key ${key.hint} was revoked. Use its replacement or create a new key.`);
    }
    if (key.expiresAt && key.expiresAt <= now) {
      throw new ApiError('expired_api_key', `The API key ${key.hint} expired at ${key.expiresAt.toISOString()}. Create a new key.`);
    }
    const account = this.snapshot.accounts.get(key.accountId);
    if (!account || account.status !== 'active') {
      throw new ApiError('account_suspended', 'The account that owns this key is suspended. Contact support.');
    }
    if (mode === 'live' && account.subscriptionStatus !== 'active') {
      throw new ApiError('subscription_inactive', 'The account has no active subscription, so live keys are refused. Test keys keep working on the free plan.');
    }
    return { keyId: key.id, accountId: account.id, mode };
  }

  takeRequest(subject: { caller: Caller } | { address: string }): RateLimitState | Promise<RateLimitState> {
    const now = this.clock();
    if ('caller' in subject) {
      const plan = this.planOf(subject.caller);
      return this.limiter.take(`key:${subject.caller.keyId}`, plan.rateLimitRequests, plan.rateLimitWindowSeconds, now);
    }
    return this.limiter.take(`address:${subject.address}`, this.config.ANONYMOUS_RATE_LIMIT_PER_MINUTE, 60, now);
  }

  authorize(caller: Caller, capability: CapabilityId, units: number): void | Promise<void> {
    const account = this.accountOf(caller);
    if (!account.entitlements.has(capability)) {
      throw new ApiError('entitlement_disabled', `The account is not entitled to the ${capability} capability. Contact support to enable it.`, {
        capability,
      });
    }
    const plan = this.planOf(caller);
    const now = this.clock();
    if (caller.mode === 'live' && plan.unitsPerPeriod !== null) {
      if (this.shared) {
        const verdict = this.shared.quotas.check(account.id, plan.unitsPerPeriod, units, now);
        if (verdict instanceof Promise) return verdict.then((settled) => this.afterQuota(settled, caller, account, plan, units, now));
        this.afterQuota(verdict, caller, account, plan, units, now);
        return;
      }
      this.assertWithinQuota(account, plan, units, now, this.meter.monthUnits(account.id, 'live', now));
    }
    this.assertWithinDailyCap(caller, account, plan, units, now);
  }

  /** The rest of `authorize` once the shared quota answered (Redis lost: this instance's own counts decide). */
  private afterQuota(verdict: QuotaVerdict, caller: Caller, account: AccountRecord, plan: PlanRecord, units: number, now: Date): void {
    const quota = plan.unitsPerPeriod ?? Infinity;
    if (verdict.within === null) this.assertWithinQuota(account, plan, units, now, this.meter.monthUnits(account.id, 'live', now));
    else if (!verdict.within) this.assertWithinQuota(account, plan, units, now, Math.max(verdict.used, quota - units + 1));
    this.assertWithinDailyCap(caller, account, plan, units, now);
  }

  private assertWithinQuota(account: AccountRecord, plan: PlanRecord, units: number, now: Date, used: number): void {
    if (plan.unitsPerPeriod === null || used + units <= plan.unitsPerPeriod) return;
    throw new ApiError(
      'quota_exceeded',
      `The ${plan.name} plan's quota of ${plan.unitsPerPeriod} units for this billing period is used up (${Math.min(used, plan.unitsPerPeriod)} used, this call costs ${units}). It resets at the start of the next calendar month (UTC), in ${secondsToNextUtcMonth(now)} s, or when the plan changes.`,
    );
  }

  private assertWithinDailyCap(caller: Caller, account: AccountRecord, plan: PlanRecord, units: number, now: Date): void {
    const caps = [plan.dailyUnitCap, account.dailyUnitCap].filter((cap): cap is number => cap !== null);
    if (caps.length > 0) {
      const cap = Math.min(...caps);
      const used = this.meter.dayUnits(account.id, caller.mode, now);
      if (used + units > cap) {
        const retryAfterSeconds = secondsToNextUtcDay(now);
        throw new ApiError(
          'usage_limit_exceeded',
          `The daily cap of ${cap} ${caller.mode} units is reached (${used} used today, this call costs ${units}). It resets at 00:00 UTC, in ${retryAfterSeconds} s.`,
          { retryAfterSeconds },
        );
      }
    }
  }

  recordUsage(caller: Caller, capability: CapabilityId, units: number): void {
    const now = this.clock();
    this.meter.record(caller.accountId, caller.mode, capability, units, now);
    if (this.shared && caller.mode === 'live') this.shared.quotas.charge(caller.accountId, units, now);
    if (this.closed) void this.flush().catch(() => undefined);
  }

  async isReady(): Promise<boolean> {
    return !this.closed && (await this.store.ping());
  }

  /**
   * Reloads now: plans, accounts and keys when the store's revision moved (operators' changes),
   * and the usage totals (other instances' usage). Rejects when the store fails.
   */
  refresh(): Promise<void> {
    return this.exclusive(async () => {
      try {
        if ((await this.store.loadRevision()) !== this.snapshot.revision) this.snapshot = await this.store.loadSnapshot();
        this.meter.replacePersisted(await this.store.loadUsageTotals(this.clock()));
        this.limiter.sweep(this.clock());
      } catch (error) {
        // Once per episode: a database away for a minute is one line, not thirty.
        if (this.databaseLostAt === null) {
          this.databaseLostAt = Date.now();
          this.logger.warn('database unreachable: access refresh failed; serving from the last snapshot until it answers', { error: messageOf(error) });
        }
        throw error;
      }
      if (this.databaseLostAt !== null) {
        this.logger.warn('database reachable again: access snapshot refreshed', { down_ms: Date.now() - this.databaseLostAt });
        this.databaseLostAt = null;
      }
    });
  }

  /**
   * Writes the units counted so far: first a batch whose write failed before (as it was), then
   * the units counted since. Rejects when a write failed (its units stay for the next flush).
   */
  flush(): Promise<void> {
    return this.exclusive(async () => {
      let rows = 0;
      let units = 0;
      // Two writes at most: a batch whose write failed goes first, so the units counted since
      // still go out in this flush (a loop until nothing is pending would write without pause
      // under steady traffic).
      for (let taken = 0; taken < 2 && this.meter.hasPending(); taken += 1) {
        const batch = this.meter.takeBatch();
        try {
          await this.store.addUsage(batch);
          this.meter.persisted(batch);
        } catch (error) {
          this.meter.failed(batch);
          // Once per episode; the recovery line says how long the units waited and what was written.
          if (this.flushFailing === null) {
            this.flushFailing = { since: Date.now(), failures: 0 };
            this.logger.error('usage flush failed; the units are kept and retried at every flush until the database takes them', { error: messageOf(error), rows: batch.rows.length });
          }
          this.flushFailing.failures += 1;
          throw error;
        }
        rows += batch.rows.length;
        units += batch.rows.reduce((sum, row) => sum + row.units, 0);
      }
      if (this.flushFailing !== null && rows > 0) {
        this.logger.warn('usage flush caught up: the units kept while it failed are written', {
          down_ms: Date.now() - this.flushFailing.since,
          failed_flushes: this.flushFailing.failures,
          rows,
          units,
        });
        this.flushFailing = null;
      }
    });
  }

  /** Exchanges rate-limit counts with the other instances now (a no-op for a per-process limiter). */
  async syncRateLimits(): Promise<void> {
    await Promise.all([this.limiter.sync?.(), this.shared?.quotas.sync()]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    try {
      await this.flush();
    } finally {
      await this.chain.catch(() => undefined);
      // Unused leases go back to Redis, so the other instances can use them at once.
      await this.limiter.close?.().catch(() => undefined);
      await this.shared?.quotas.close().catch(() => undefined);
      this.shared?.redis.close();
      await this.store.close();
    }
  }

  /**
   * For a well-formed key that is not in the snapshot: waits for a refresh (the one other unknown
   * keys already wait for, or a new one unless such a refresh started less than
   * MISS_REFRESH_MIN_INTERVAL_MS ago; the periodic refreshes do not count, as they may have
   * started before the key was made) and says whether the key is known now. A failed refresh is
   * logged by `refresh` and answers false.
   */
  async reloadForUnknownKey(authorization: string | undefined): Promise<boolean> {
    let hash: string;
    try {
      hash = hashApiKey(parseAuthorization(authorization).token);
    } catch {
      return false;
    }
    if (this.closed || this.snapshot.keysByHash.has(hash)) return false;
    if (!this.missRefresh) {
      if (Date.now() - this.lastMissRefreshStarted < MISS_REFRESH_MIN_INTERVAL_MS) return false;
      this.lastMissRefreshStarted = Date.now();
      this.missRefresh = this.refresh()
        .catch(() => undefined)
        .finally(() => {
          this.missRefresh = null;
        });
    }
    await this.missRefresh;
    return this.snapshot.keysByHash.has(hash);
  }

  private accountOf(caller: Caller): AccountRecord {
    const account = this.snapshot.accounts.get(caller.accountId);
    if (!account) throw new ApiError('account_suspended', 'The account that owns this key no longer exists.');
    return account;
  }

  private planOf(caller: Caller): PlanRecord {
    const account = this.snapshot.accounts.get(caller.accountId);
    const plan = account && this.snapshot.plans.get(caller.mode === 'live' ? account.planId : account.testPlanId);
    if (!plan) throw new Error(`account ${caller.accountId} has no ${caller.mode} plan in the snapshot`);
    return plan;
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task, task);
    this.chain = run.catch(() => undefined);
    return run;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
