import type { RateLimitState } from './caller.js';

/**
 * Counts requests per subject in windows. Synchronous, because it runs on every request: a
 * shared implementation (Redis, for several instances) keeps a local count and reconciles in the
 * background behind this same interface.
 */
export interface RateLimiter {
  /** Counts one request of `subject` and says whether it is within `limit` per `windowSeconds`. */
  take(subject: string, limit: number, windowSeconds: number, now: Date): RateLimitState;
  /** Drops the state of windows that ended before `now` (memory hygiene). */
  sweep(now: Date): void;
  /** Exchanges counts with the other instances now, for a shared limiter (tests; it also runs on its own). */
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
