import type { RateLimitState } from './caller.js';
import { FULL_RETRY_MS, IDLE_GIVE_BACK_MS, LEASE_TICK_MS, LeaseRate, leaseSize, worthLeasingAhead } from './lease-sizing.js';
import type { RateLimiter } from './rate-limiter.js';
import type { RedisLeases } from './redis-leases.js';

interface Window {
  key: string;
  endsAt: number;
  /** The clock's time minus the real time when the window was made (tests shift the clock). */
  clockOffset: number;
  /** Requests this instance may admit in the window: leased from Redis (and not given back). */
  granted: number;
  /** Requests admitted by this instance in the window (more than `granted` only while Redis was lost). */
  used: number;
  /** The window's shared counter as Redis last reported it (every instance's leases). */
  total: number;
  /** Real time before which Redis is not asked again: it answered that the window is full. */
  fullUntil: number;
  refill: Promise<void> | null;
  /** Requests waiting for capacity (they size the next refill). */
  waiting: number;
  lastTakeAt: number;
  rate: LeaseRate;
}

/**
 * Fixed-window rate limits shared by every instance through Redis, by leases: an instance admits
 * a request only against capacity it holds, which it leases from the window's Redis counter in
 * small slices (an atomic Lua script that never lets the counter pass the limit), sized to its own
 * recent request rate and refilled in the background before they run out. So across all
 * instances a window never admits more than the limit while Redis answers; what is lost is at most
 * the unused leases (capacity one instance holds while another is refused), which an idle
 * instance gives back after IDLE_GIVE_BACK_MS and which expire with the window.
 *
 * The common path never waits for Redis. A request that finds this instance holding no capacity
 * (first request of a window, or a burst faster than the background refill) waits for the refill
 * in flight and at most one more round trip, then is admitted or refused; once Redis answered that
 * the window is full, requests are refused at once for FULL_RETRY_MS. When Redis does not answer,
 * each instance limits on its own count of the window (as without Redis), logged once by
 * RedisLeases; when it answers again, the requests admitted meanwhile are added to the counter.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly rates = new Map<string, LeaseRate>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly leases: RedisLeases) {
    this.timer = setInterval(() => this.tick(), LEASE_TICK_MS);
    this.timer.unref();
  }

  take(subject: string, limit: number, windowSeconds: number, now: Date): RateLimitState | Promise<RateLimitState> {
    const at = now.getTime();
    const windowMs = windowSeconds * 1000;
    const endsAt = (Math.floor(at / windowMs) + 1) * windowMs;
    const id = `${subject}|${windowSeconds}`;
    let window = this.windows.get(id);
    if (!window || window.endsAt !== endsAt) {
      let rate = this.rates.get(id);
      if (!rate) this.rates.set(id, (rate = new LeaseRate()));
      window = {
        key: `svc:rl:${subject}:${windowSeconds}:${endsAt}`,
        endsAt,
        clockOffset: at - Date.now(),
        granted: 0,
        used: 0,
        total: 0,
        fullUntil: 0,
        refill: null,
        waiting: 0,
        lastTakeAt: 0,
        rate,
      };
      this.windows.set(id, window);
    }
    window.lastTakeAt = Date.now();
    window.rate.count(1);
    if (window.used < window.granted) {
      window.used += 1;
      this.topUp(window, limit);
      return this.state(window, limit, at, true);
    }
    if (!this.leases.healthy) return this.admitLocally(window, limit, at);
    if (Date.now() < window.fullUntil) return this.state(window, limit, at, false);
    return this.awaitCapacity(window, limit, at);
  }

  sweep(now: Date): void {
    const at = now.getTime();
    for (const [id, window] of this.windows) {
      if (window.endsAt <= at && window.refill === null) this.windows.delete(id);
    }
    for (const [id, rate] of this.rates) if (rate.idle() && !this.windows.has(id)) this.rates.delete(id);
  }

  /**
   * Settles now what the background does on its own: waits for the refills in flight, adds the
   * requests admitted while Redis was lost, and gives back every unused lease (as an idle
   * instance does after IDLE_GIVE_BACK_MS). Tests call it before switching instances; close() too.
   */
  async sync(): Promise<void> {
    await Promise.all([...this.windows.values()].map((window) => window.refill));
    await Promise.all([...this.windows.values()].filter((window) => window.used > window.granted).map((window) => this.refill(window, Infinity, 0)));
    await Promise.all([...this.windows.values()].map((window) => this.giveBack(window)));
  }

  /** Gives back every unused lease (other instances may use them) and stops the timer. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sync();
  }

  /** A request that found no capacity: waits for the refill in flight, then at most one of its own. */
  private async awaitCapacity(window: Window, limit: number, at: number): Promise<RateLimitState> {
    window.waiting += 1;
    try {
      for (let round = 0; round < 2 && window.used >= window.granted; round += 1) {
        if (window.refill === null) {
          if (!this.leases.healthy || Date.now() < window.fullUntil) break;
          this.startRefill(window, limit, Math.max(leaseSize(window.rate, limit), window.waiting));
        }
        await window.refill;
      }
    } finally {
      window.waiting -= 1;
    }
    if (window.used < window.granted) {
      window.used += 1;
      return this.state(window, limit, at, true);
    }
    if (!this.leases.healthy) return this.admitLocally(window, limit, at);
    return this.state(window, limit, at, false);
  }

  /** Redis lost: the instance limits on its own count of the window (the requests beyond its leases are added to Redis later). */
  private admitLocally(window: Window, limit: number, at: number): RateLimitState {
    const allowed = window.used < limit;
    if (allowed) window.used += 1;
    return this.state(window, limit, at, allowed);
  }

  private state(window: Window, limit: number, at: number, allowed: boolean): RateLimitState {
    const unused = Math.max(0, window.granted - window.used);
    const left = this.leases.healthy ? limit - Math.max(window.total, window.granted) + unused : limit - window.used;
    return { limit, remaining: Math.max(0, Math.min(limit, left)), resetSeconds: Math.max(1, Math.ceil((window.endsAt - at) / 1000)), allowed };
  }

  /** Starts a background refill when the unused lease runs below half of what the recent rate needs. */
  private topUp(window: Window, limit: number): void {
    if (window.refill !== null || Date.now() < window.fullUntil || !worthLeasingAhead(window.rate)) return;
    const size = leaseSize(window.rate, limit);
    if (window.granted - window.used < size / 2) this.startRefill(window, limit, size);
  }

  private startRefill(window: Window, limit: number, want: number): void {
    window.refill = this.refill(window, limit, want).finally(() => {
      window.refill = null;
    });
  }

  /**
   * One round trip: adds the requests admitted beyond the leases (Redis lost meanwhile) and leases
   * up to `want` more (`limit` Infinity with `want` 0: only adds them).
   */
  private async refill(window: Window, limit: number, want: number): Promise<void> {
    const debt = Math.max(0, window.used - window.granted);
    const grant = await this.leases.take(window.key, Number.isFinite(limit) ? limit : 0, want, debt, this.ttlOf(window));
    if (!grant) return;
    window.granted += debt + grant.granted;
    window.total = grant.total;
    if (grant.granted < want) window.fullUntil = Date.now() + FULL_RETRY_MS;
  }

  private async giveBack(window: Window): Promise<void> {
    const unused = window.granted - window.used;
    if (unused <= 0) return;
    window.granted -= unused;
    // A failed give-back leaves the units leased until the window ends: fewer admitted, never more.
    if (await this.leases.giveBack(window.key, unused, 0, this.ttlOf(window))) window.total -= unused;
  }

  private ttlOf(window: Window): number {
    return window.endsAt - (Date.now() + window.clockOffset) + 1000;
  }

  /** Every LEASE_TICK_MS: measures the rates, gives back idle leases, adds the requests admitted while Redis was lost. */
  private tick(): void {
    for (const rate of this.rates.values()) rate.tick();
    for (const window of this.windows.values()) {
      if (window.refill !== null) continue;
      // While Redis is lost this is also the probe that notices it is back.
      if (window.used > window.granted) this.startRefill(window, Infinity, 0);
      else if (this.leases.healthy && window.granted > window.used && Date.now() - window.lastTakeAt > IDLE_GIVE_BACK_MS) {
        window.refill = this.giveBack(window).finally(() => {
          window.refill = null;
        });
      }
    }
  }
}
