/** How often the lease holders measure rates, give back idle leases and push counts made while Redis was lost. */
export const LEASE_TICK_MS = 100;

/** A lease covers about this much of the holder's recent traffic, so a refill has time to arrive before it runs out. */
export const LEASE_HORIZON_MS = 200;

/** A lease is at most this share of the limit (at least one unit), so capacity held unused by one instance stays small. */
export const MAX_LEASE_SHARE = 0.05;

/** A lease unused for this long is given back to Redis, so other instances can take it. */
export const IDLE_GIVE_BACK_MS = 500;

/** After Redis answered that a counter is at its ceiling, requests without capacity are refused at once for this long. */
export const FULL_RETRY_MS = 250;

/** Units taken per second by one holder, smoothed over the last few ticks. */
export class LeaseRate {
  private counted = 0;
  private perSecond = 0;

  count(units: number): void {
    this.counted += units;
  }

  /** Called every LEASE_TICK_MS. */
  tick(): void {
    this.perSecond = this.perSecond / 2 + (this.counted * (1000 / LEASE_TICK_MS)) / 2;
    this.counted = 0;
  }

  /** Units per second. */
  get value(): number {
    return this.perSecond;
  }

  /** Whether nothing was taken for several ticks. */
  idle(): boolean {
    return this.counted === 0 && this.perSecond < 0.5;
  }
}

/**
 * Whether to lease ahead of need: only when the recent rate predicts at least one more unit within
 * LEASE_HORIZON_MS. A slower holder leases on demand (its request waits one Redis round trip), so
 * it holds nothing unused that another instance might need.
 */
export function worthLeasingAhead(rate: LeaseRate): boolean {
  return (rate.value * LEASE_HORIZON_MS) / 1000 >= 1;
}

/** Units to lease: about LEASE_HORIZON_MS of the recent rate, at least 1, at most MAX_LEASE_SHARE of `limit` (and of `cap`). */
export function leaseSize(rate: LeaseRate, limit: number, cap = Infinity): number {
  const most = Math.max(1, Math.min(Math.floor(limit * MAX_LEASE_SHARE), cap));
  return Math.min(most, Math.max(1, Math.ceil((rate.value * LEASE_HORIZON_MS) / 1000)));
}
