import { utcMonth } from './access-records.js';
import { FULL_RETRY_MS, IDLE_GIVE_BACK_MS, LEASE_TICK_MS, LeaseRate, leaseSize, worthLeasingAhead } from './lease-sizing.js';
import type { RedisLeases } from './redis-leases.js';

/** A quota counter with no activity for this long expires in Redis; the next use starts it again from the stored usage. */
const QUOTA_COUNTER_TTL_MS = 10 * 60_000;

/**
 * A call that passed the check holds its units until it is charged; one that fails is never
 * charged (the pipeline does not report failures), so its claim lapses after this long.
 */
const CLAIM_TTL_MS = 2_000;

interface Lease {
  key: string;
  ceiling: number;
  /** Units this instance holds for the account's quota; negative: units charged beyond the lease, not yet added to Redis. */
  held: number;
  /** Units of `held` claimed by calls that passed the check and are not charged yet, oldest first. */
  claims: { units: number; at: number }[];
  claimed: number;
  /** The shared counter as Redis last reported it (units charged or leased by every instance). */
  total: number;
  fullUntil: number;
  refill: Promise<void> | null;
  /** Units wanted by the requests waiting for a refill. */
  waiting: number;
  lastUseAt: number;
  rate: LeaseRate;
}

/** What a quota check answers: within the quota, over it (with the units known used), or Redis lost (check locally). */
export type QuotaVerdict = { within: true } | { within: false; used: number } | { within: null };

/**
 * Live quotas shared by every instance through Redis, with the leases of the rate limits: a
 * quota's Redis counter holds the units charged plus the units leased and not yet used, never
 * more than the quota (the lease script's ceiling), and an instance admits a request only when
 * the unclaimed part of its lease covers the request's units, which the request then claims until
 * it is charged. So the quota is overshot only by calls that passed the check and were still
 * running when their claim lapsed (CLAIM_TTL_MS): at most the requests in flight, whatever the
 * number of instances. A counter starts from the units stored for the month (`usedSoFar`) when it does not
 * exist yet. Leases shrink as the quota runs out (at most an eighth of what is left), so that
 * little is held by one instance while another is refused; idle leases are given back.
 */
export class QuotaLeases {
  private readonly leases = new Map<string, Lease>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: RedisLeases,
    private readonly usedSoFar: (accountId: string, now: Date) => number,
  ) {
    this.timer = setInterval(() => this.tick(), LEASE_TICK_MS);
    this.timer.unref();
  }

  /**
   * Whether `units` more fit the account's live quota. Answers at once while the lease covers
   * them (and refills it in the background); otherwise waits for the refill in flight and at most
   * one more round trip. `{ within: null }` when Redis does not answer: the caller checks its own counts.
   */
  check(accountId: string, ceiling: number, units: number, now: Date): QuotaVerdict | Promise<QuotaVerdict> {
    const lease = this.leaseOf(accountId, ceiling, now);
    lease.lastUseAt = Date.now();
    lease.rate.count(units);
    if (freeOf(lease) >= units) {
      claim(lease, units);
      this.topUp(lease, now);
      return { within: true };
    }
    if (!this.redis.healthy) return { within: null };
    if (Date.now() < lease.fullUntil) return { within: false, used: this.usedOf(lease) };
    return this.awaitUnits(lease, units, now);
  }

  /** Charges units to the account's lease (after a successful call; beyond the lease they are added to Redis as debt). */
  charge(accountId: string, units: number, now: Date): void {
    const lease = this.leases.get(`${accountId}|${utcMonth(now)}`);
    if (!lease) return;
    lease.held -= units;
    const index = lease.claims.findIndex((held) => held.units === units);
    if (index >= 0) {
      lease.claimed -= units;
      lease.claims.splice(index, 1);
    }
  }

  /**
   * Settles now what the background does on its own: waits for refills in flight, adds units
   * charged beyond the leases, gives back every unused lease (as after IDLE_GIVE_BACK_MS idle).
   */
  async sync(): Promise<void> {
    await Promise.all([...this.leases.values()].map((lease) => lease.refill));
    await Promise.all([...this.leases.values()].filter((lease) => lease.held < 0).map((lease) => this.refill(lease, 0)));
    await Promise.all([...this.leases.values()].map((lease) => this.giveBack(lease)));
  }

  /** Gives every unused lease back and stops the timer. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sync();
  }

  private leaseOf(accountId: string, ceiling: number, now: Date): Lease {
    const month = utcMonth(now);
    const id = `${accountId}|${month}`;
    let lease = this.leases.get(id);
    if (!lease) {
      lease = { key: `svc:quota:${accountId}:live:${month}`, ceiling, held: 0, claims: [], claimed: 0, total: 0, fullUntil: 0, refill: null, waiting: 0, lastUseAt: 0, rate: new LeaseRate() };
      lease.total = this.usedSoFar(accountId, now);
      this.leases.set(id, lease);
    }
    // The operator may change the plan: the next lease uses the new quota.
    if (lease.ceiling !== ceiling) {
      lease.ceiling = ceiling;
      lease.fullUntil = 0;
    }
    return lease;
  }

  private async awaitUnits(lease: Lease, units: number, now: Date): Promise<QuotaVerdict> {
    lease.waiting += units;
    try {
      for (let round = 0; round < 2 && freeOf(lease) < units; round += 1) {
        if (lease.refill === null) {
          if (!this.redis.healthy || Date.now() < lease.fullUntil) break;
          this.startRefill(lease, Math.max(this.sizeOf(lease), lease.waiting - Math.max(0, freeOf(lease))), now);
        }
        await lease.refill;
      }
    } finally {
      lease.waiting -= units;
    }
    if (freeOf(lease) >= units) {
      claim(lease, units);
      return { within: true };
    }
    if (!this.redis.healthy) return { within: null };
    return { within: false, used: this.usedOf(lease) };
  }

  /** Units charged or held by the other instances, as far as this one knows. */
  private usedOf(lease: Lease): number {
    return Math.min(lease.ceiling, lease.total - Math.max(0, freeOf(lease)));
  }

  private sizeOf(lease: Lease): number {
    return leaseSize(lease.rate, lease.ceiling, Math.floor((lease.ceiling - lease.total) / 8));
  }

  private topUp(lease: Lease, now: Date): void {
    if (lease.refill !== null || Date.now() < lease.fullUntil || !worthLeasingAhead(lease.rate)) return;
    const size = this.sizeOf(lease);
    if (freeOf(lease) < size / 2) this.startRefill(lease, size - Math.max(0, freeOf(lease)), now);
  }

  private startRefill(lease: Lease, want: number, now: Date): void {
    lease.refill = this.refill(lease, Math.max(0, want), now).finally(() => {
      lease.refill = null;
    });
  }

  private async refill(lease: Lease, want: number, now = new Date()): Promise<void> {
    const debt = Math.max(0, -lease.held);
    const grant = await this.redis.take(lease.key, lease.ceiling, want, debt, QUOTA_COUNTER_TTL_MS, this.baseOf(lease, now));
    if (!grant) return;
    lease.held += debt + grant.granted;
    lease.total = grant.total;
    if (grant.granted < want) lease.fullUntil = Date.now() + FULL_RETRY_MS;
  }

  /**
   * Where the counter starts when Redis has none: the units stored and counted here, minus the
   * debt this refill adds (it is part of them).
   */
  private baseOf(lease: Lease, now: Date): number {
    const accountId = lease.key.split(':')[2] ?? '';
    return Math.max(0, this.usedSoFar(accountId, now) - Math.max(0, -lease.held));
  }

  private async giveBack(lease: Lease): Promise<void> {
    const unused = freeOf(lease);
    if (unused <= 0) return;
    lease.held -= unused;
    if (await this.redis.giveBack(lease.key, unused, 0, QUOTA_COUNTER_TTL_MS)) lease.total -= unused;
  }

  private tick(): void {
    const lapsed = Date.now() - CLAIM_TTL_MS;
    for (const [id, lease] of this.leases) {
      lease.rate.tick();
      while (lease.claims.length > 0 && (lease.claims[0]?.at ?? Infinity) < lapsed) lease.claimed -= lease.claims.shift()?.units ?? 0;
      if (lease.refill !== null) continue;
      if (lease.held < 0) this.startRefill(lease, 0, new Date());
      else if (this.redis.healthy && freeOf(lease) > 0 && Date.now() - lease.lastUseAt > IDLE_GIVE_BACK_MS) {
        lease.refill = this.giveBack(lease).finally(() => {
          lease.refill = null;
        });
      } else if (lease.held === 0 && lease.claimed === 0 && Date.now() - lease.lastUseAt > QUOTA_COUNTER_TTL_MS / 2) this.leases.delete(id);
    }
  }
}

/** Units of the lease not claimed by a call in flight (negative: units charged beyond the lease). */
function freeOf(lease: Lease): number {
  return lease.held - lease.claimed;
}

function claim(lease: Lease, units: number): void {
  lease.claimed += units;
  lease.claims.push({ units, at: Date.now() });
}
