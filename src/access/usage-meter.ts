import type { CapabilityId } from '../capabilities/capability-registry.js';
import { randomBase62 } from '../lib/random-base62.js';
import { usageKey, utcDay, utcMonth, type UsageBatch, type UsageIncrement, type UsageTotals } from './access-records.js';
import type { KeyMode } from './caller.js';

/**
 * Usage counted in memory and persisted in batches. What the limits see is the persisted total
 * (as of the last snapshot, plus what this instance persisted since) and this instance's units
 * not yet persisted, so a check never forgets a unit that is waiting for its flush.
 *
 * Flushes take batches one at a time. A batch whose write failed is kept as it is, same id and
 * rows, and is the next one taken: units counted meanwhile wait in a batch of their own. Writing
 * the same batch again is what lets the store apply it exactly once (see AccessStore.addUsage).
 */
export class UsageMeter {
  private base: UsageTotals = { day: '', month: '', dayUnits: new Map(), monthUnits: new Map() };
  /** Increments not yet taken by a flush. */
  private pending = new Map<string, UsageIncrement>();
  /** The batch whose write failed, to be written again before any other. */
  private retry: UsageBatch | null = null;
  /** Batch ids: this meter's random prefix and a sequence number. */
  private readonly batchPrefix = `usage_${randomBase62(12)}`;
  private batchSeq = 0;
  /** Units not yet persisted (pending and in flight), per `${account}|${mode}|${day}` and `|${month}`. */
  private readonly unpersistedDay = new Map<string, number>();
  private readonly unpersistedMonth = new Map<string, number>();

  /** Units used by the account in the mode on the UTC day of `now`. */
  dayUnits(accountId: string, mode: KeyMode, now: Date): number {
    const day = utcDay(now);
    const key = usageKey(accountId, mode);
    const persisted = this.base.day === day ? (this.base.dayUnits.get(key) ?? 0) : 0;
    return persisted + (this.unpersistedDay.get(`${key}|${day}`) ?? 0);
  }

  /** Units used by the account in the mode in the UTC month (billing period) of `now`. */
  monthUnits(accountId: string, mode: KeyMode, now: Date): number {
    const month = utcMonth(now);
    const key = usageKey(accountId, mode);
    const persisted = this.base.month === month ? (this.base.monthUnits.get(key) ?? 0) : 0;
    return persisted + (this.unpersistedMonth.get(`${key}|${month}`) ?? 0);
  }

  record(accountId: string, mode: KeyMode, capability: CapabilityId, units: number, now: Date): void {
    const day = utcDay(now);
    const key = `${accountId}|${mode}|${day}|${capability}`;
    const row = this.pending.get(key);
    if (row) {
      row.units += units;
      row.requests += 1;
    } else {
      this.pending.set(key, { accountId, mode, day, capability, units, requests: 1 });
    }
    addTo(this.unpersistedDay, `${usageKey(accountId, mode)}|${day}`, units);
    addTo(this.unpersistedMonth, `${usageKey(accountId, mode)}|${day.slice(0, 7)}`, units);
  }

  /** Whether any unit waits for a flush. */
  hasPending(): boolean {
    return this.retry !== null || this.pending.size > 0;
  }

  /**
   * The next batch to write: the one whose write failed, else the pending increments. Call
   * `persisted(batch)` after the write succeeded or `failed(batch)` after it failed; until then
   * the batch still counts. One batch at a time: the caller serialises flushes.
   */
  takeBatch(): UsageBatch {
    if (this.retry) {
      const batch = this.retry;
      this.retry = null;
      return batch;
    }
    this.batchSeq += 1;
    const batch = { id: `${this.batchPrefix}_${this.batchSeq}`, rows: [...this.pending.values()] };
    this.pending = new Map();
    return batch;
  }

  persisted(batch: UsageBatch): void {
    for (const row of batch.rows) {
      const key = usageKey(row.accountId, row.mode);
      addTo(this.unpersistedDay, `${key}|${row.day}`, -row.units);
      addTo(this.unpersistedMonth, `${key}|${row.day.slice(0, 7)}`, -row.units);
      if (this.base.day === row.day) addTo(this.base.dayUnits, key, row.units);
      if (this.base.month === row.day.slice(0, 7)) addTo(this.base.monthUnits, key, row.units);
    }
  }

  /** The batch will be written again, unchanged, by the next flush. */
  failed(batch: UsageBatch): void {
    this.retry = batch;
  }

  /**
   * Replaces the persisted totals with a snapshot's. Must not run while a flush is writing
   * (the caller serialises them), or units of that flush would be counted twice or not at all.
   */
  replacePersisted(totals: UsageTotals): void {
    this.base = totals;
  }
}

function addTo(map: Map<string, number>, key: string, delta: number): void {
  const next = (map.get(key) ?? 0) + delta;
  if (next === 0) map.delete(key);
  else map.set(key, next);
}
