import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';

/**
 * Takes a lease of up to `want` units from a shared counter without passing `ceiling`, in one
 * atomic step. The counter holds every unit ever leased (used or not yet used) minus the units
 * given back. KEYS[1] the counter; ARGV: ceiling, want, debt (units used beyond a lease, added
 * without the ceiling so the counter stays true), ttl in ms, base (the counter's starting value
 * when it does not exist: the units already used). Answers [granted, counter after].
 */
const TAKE_LEASE = `
local current = tonumber(redis.call('GET', KEYS[1]) or ARGV[5])
current = current + tonumber(ARGV[3])
local granted = math.min(tonumber(ARGV[2]), tonumber(ARGV[1]) - current)
if granted < 0 then granted = 0 end
current = current + granted
redis.call('SET', KEYS[1], current, 'PX', ARGV[4])
return {granted, current}
`;

/**
 * Gives back `units` of a lease (and adds `debt`), when the counter still exists (a window that
 * ended has expired with its counter). ARGV: units, debt, ttl in ms. Answers the counter after (or -1).
 */
const GIVE_BACK = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local current = tonumber(redis.call('GET', KEYS[1])) - tonumber(ARGV[1]) + tonumber(ARGV[2])
if current < 0 then current = 0 end
redis.call('SET', KEYS[1], current, 'PX', ARGV[3])
return current
`;

interface LeaseCommands {
  takeLease(key: string, ceiling: number, want: number, debt: number, ttlMs: number, base: number): Promise<[number, number]>;
  giveBack(key: string, units: number, debt: number, ttlMs: number): Promise<number>;
}

/** A lease reply: units granted (possibly 0: the counter is at its ceiling) and the shared counter after. */
export interface LeaseGrant {
  granted: number;
  total: number;
}

/**
 * The Redis connection the shared limits lease capacity through, and its health: a command that
 * fails (or Redis not connected) marks Redis lost, the next command that succeeds marks it back.
 * Each change is logged once per episode at `warn` (so an operator at LOG_LEVEL=warn sees both),
 * the recovery with how long Redis was away. While Redis is lost the callers limit on their own
 * counts; `healthy` tells them which mode they are in.
 */
export class RedisLeases {
  private lostAt: number | null = null;
  private lastError = '';

  constructor(
    private readonly redis: Redis & LeaseCommands,
    private readonly logger: Logger,
  ) {}

  /** Connects to REDIS_URL; rejects when Redis does not answer PING within 5 s. */
  static async connect(url: string, logger: Logger): Promise<RedisLeases> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 5000, commandTimeout: 2000 });
    redis.on('error', () => undefined);
    redis.defineCommand('takeLease', { numberOfKeys: 1, lua: TAKE_LEASE });
    redis.defineCommand('giveBack', { numberOfKeys: 1, lua: GIVE_BACK });
    await redis.connect();
    await redis.ping();
    return new RedisLeases(redis as Redis & LeaseCommands, logger);
  }

  /** Whether the last command reached Redis. */
  get healthy(): boolean {
    return this.lostAt === null;
  }

  /** Leases up to `want` units of `key` (see TAKE_LEASE); undefined when Redis did not answer. */
  async take(key: string, ceiling: number, want: number, debt: number, ttlMs: number, base = 0): Promise<LeaseGrant | undefined> {
    const reply = await this.attempt(() => this.redis.takeLease(key, ceiling, want, debt, Math.max(1, Math.ceil(ttlMs)), base));
    return reply && { granted: Number(reply[0]), total: Number(reply[1]) };
  }

  /** Gives back unused units (and adds debt) to `key`; false when Redis did not answer. */
  async giveBack(key: string, units: number, debt: number, ttlMs: number): Promise<boolean> {
    return (await this.attempt(() => this.redis.giveBack(key, units, debt, Math.max(1, Math.ceil(ttlMs))))) !== undefined;
  }

  close(): void {
    this.redis.disconnect();
  }

  private async attempt<T>(command: () => Promise<T>): Promise<T | undefined> {
    try {
      const value = await command();
      if (this.lostAt !== null) {
        this.logger.warn('Redis reachable again: rate limits and quotas are shared across instances again', {
          down_ms: Date.now() - this.lostAt,
          last_error: this.lastError,
        });
        this.lostAt = null;
      }
      return value;
    } catch (error) {
      this.lastError = error instanceof Error ? error.message : String(error);
      if (this.lostAt === null) {
        this.lostAt = Date.now();
        this.logger.warn('Redis unreachable: rate limits and quotas are counted per instance until it answers', { error: this.lastError });
      }
      return undefined;
    }
  }
}
