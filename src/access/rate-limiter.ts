import type { RateLimitState } from './caller.js';

/**
 * Counts requests per subject in windows. Synchronous on the common path, because it runs on
 * every request: the in-memory limiter always answers at once; the shared one (Redis, for several
 * instances) answers at once while this instance holds a lease of the window, and returns a
 * promise only for a request that found no capacity held (it waits for one refill).
 */
export interface RateLimiter {
  /** Counts one request of `subject` and says whether it is within `limit` per `windowSeconds`. */
  take(subject: string, limit: number, windowSeconds: number, now: Date): RateLimitState | Promise<RateLimitState>;
  /** Drops the state of windows that ended before `now` (memory hygiene). */
  sweep(now: Date): void;
  /** Settles the shared limiter's background work now (tests; it also runs on its own). */
  sync?(): Promise<void>;
  /** Releases connections, if any. */
  close?(): Promise<void>;
}

/**
 * Fixed windows aligned on multiples of the window length since the epoch, in memory. Requests
 * refused still count, so a client hammering past the limit does not get through sooner.
 */
export class FixedWindowRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { endsAt: number; count: number }>();

  take(subject: string, limit: number, windowSeconds: number, now: Date): RateLimitState {
    const at = now.getTime();
    const windowMs = windowSeconds * 1000;
    let window = this.windows.get(subject);
    if (!window || window.endsAt <= at) {
      window = { endsAt: (Math.floor(at / windowMs) + 1) * windowMs, count: 0 };
      this.windows.set(subject, window);
    }
    window.count += 1;
    return {
      limit,
      remaining: Math.max(0, limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.endsAt - at) / 1000)),
      allowed: window.count <= limit,
    };
  }

  sweep(now: Date): void {
    const at = now.getTime();
    for (const [subject, window] of this.windows) if (window.endsAt <= at) this.windows.delete(subject);
  }
}
