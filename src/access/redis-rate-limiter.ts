import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import type { RateLimitState } from './caller.js';
import type { RateLimiter } from './rate-limiter.js';

/** How often the counts of this instance are added to Redis and the shared totals read back. */
export const RATE_LIMIT_SYNC_INTERVAL_MS = 100;

interface Window {
  key: string;
  endsAt: number;
  /** The shared count as Redis last reported it (this instance's synced requests included). */
  shared: number;
  /** This instance's requests not yet added to Redis. */
  unsynced: number;
  /** Requests in flight to Redis (added, reply pending). */
  inFlight: number;
}

/**
 * Fixed-window rate limits shared by every instance through Redis, without a Redis round trip
 * on the request path: each instance decides from the shared count Redis last reported plus its
 * own requests since, and every RATE_LIMIT_SYNC_INTERVAL_MS adds its new requests to the window's
 * Redis counter (INCRBY, expiring with the window) and reads the total back. So a limit holds
 * across instances to within what the other instances accept during one sync interval. When Redis
 * is unreachable each instance keeps limiting on its own counts (logged once), and catches up
 * when Redis returns.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly timer: NodeJS.Timeout;
  private syncing = false;
  private chain: Promise<void> = Promise.resolve();
  private failing = false;

  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    private readonly prefix = 'svc:rl:',
  ) {
    this.timer = setInterval(() => {
      if (!this.syncing) void this.sync();
    }, RATE_LIMIT_SYNC_INTERVAL_MS);
    this.timer.unref();
  }

  /** Connects to REDIS_URL; rejects when Redis does not answer PING within 5 s. */
  static async connect(url: string, logger: Logger): Promise<RedisRateLimiter> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 5000 });
    redis.on('error', () => undefined);
    await redis.connect();
    await redis.ping();
    return new RedisRateLimiter(redis, logger);
  }

  take(subject: string, limit: number, windowSeconds: number, now: Date): RateLimitState {
    const at = now.getTime();
    const windowMs = windowSeconds * 1000;
    const endsAt = (Math.floor(at / windowMs) + 1) * windowMs;
    const id = `${subject}|${windowSeconds}`;
    let window = this.windows.get(id);
    if (!window || window.endsAt !== endsAt) {
      window = { key: `${this.prefix}${subject}:${windowSeconds}:${endsAt}`, endsAt, shared: 0, unsynced: 0, inFlight: 0 };
      this.windows.set(id, window);
    }
    window.unsynced += 1;
    const count = window.shared + window.inFlight + window.unsynced;
    return {
      limit,
      remaining: Math.max(0, limit - count),
      resetSeconds: Math.max(1, Math.ceil((endsAt - at) / 1000)),
      allowed: count <= limit,
    };
  }

  sweep(now: Date): void {
    const at = now.getTime();
    for (const [id, window] of this.windows) if (window.endsAt <= at && window.unsynced === 0 && window.inFlight === 0) this.windows.delete(id);
  }

  /** Adds this instance's new requests to Redis and reads back each window's shared count (after any sync in flight). */
  sync(): Promise<void> {
    this.chain = this.chain.then(() => this.exchange());
    return this.chain;
  }

  private async exchange(): Promise<void> {
    this.syncing = true;
    const batch = [...this.windows.values()].filter((window) => window.endsAt > Date.now() - 1000);
    try {
      if (batch.length === 0) return;
      const pipeline = this.redis.pipeline();
      for (const window of batch) {
        window.inFlight = window.unsynced;
        window.unsynced = 0;
        pipeline.incrby(window.key, window.inFlight);
        pipeline.pexpireat(window.key, window.endsAt + 1000);
      }
      const replies = (await pipeline.exec()) ?? [];
      let failed: unknown;
      batch.forEach((window, index) => {
        const [error, total] = replies[index * 2] ?? [new Error('no reply from Redis'), null];
        if (error) {
          window.unsynced += window.inFlight;
          failed = error;
        } else {
          window.shared = Number(total);
        }
        window.inFlight = 0;
      });
      if (failed) throw failed;
      if (this.failing) this.logger.info('shared rate limiting restored (Redis answers again)');
      this.failing = false;
    } catch (error) {
      for (const window of batch) {
        window.unsynced += window.inFlight;
        window.inFlight = 0;
      }
      if (!this.failing) this.logger.warn('Redis unreachable: rate limits are counted per instance until it answers', { error: error instanceof Error ? error.message : String(error) });
      this.failing = true;
    } finally {
      this.syncing = false;
    }
  }

  /** Pushes the last counts and disconnects. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sync();
    this.redis.disconnect();
  }
}
