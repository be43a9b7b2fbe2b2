import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { AccessAdmin } from './access-store.js';
import type { AccessControl } from './caller.js';
import { databaseKindOf } from './database-url.js';
import { InMemoryAccessControl } from './in-memory-access-control.js';
import { migrateDatabase } from './migrate-database.js';
import { PrismaAccessStore } from './prisma-access-store.js';
import { FixedWindowRateLimiter, type RateLimiter } from './rate-limiter.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

/** The access layer as `server.ts` and the tests hold it: the pipeline's interface plus operator handles. */
export interface OpenedAccess extends AccessControl {
  /** The operator's operations on the same database (what the CLI uses). */
  admin: AccessAdmin;
  /** Reloads keys, accounts, plans and usage totals now instead of at the next interval. */
  refresh(): Promise<void>;
  /** Writes the usage counted so far now instead of at the next interval. */
  flush(): Promise<void>;
  /** Waits for the lease refills in flight and adds counts made while Redis was lost (Redis mode). */
  syncRateLimits(): Promise<void>;
}

/**
 * Opens the access layer on config.DATABASE_URL (SQLite `file:`, or PostgreSQL): applies pending
 * migrations, loads the first snapshot and starts the refresh and flush timers. With REDIS_URL
 * the request rate limits and the live quotas are shared through Redis by leases (see
 * RedisRateLimiter, QuotaLeases); without it each process counts its own.
 * Throws when the database cannot be opened or migrated or Redis does not answer, so the server
 * fails at start with the reason.
 */
export async function openAccess(config: Config, logger: Logger, clock: () => Date): Promise<OpenedAccess> {
  const migrations = await migrateDatabase(config.DATABASE_URL);
  if (migrations.applied.length > 0) logger.info('database migrated', { database: databaseKindOf(config.DATABASE_URL), applied: migrations.applied });
  // ioredis is loaded only when REDIS_URL asks for it (about 9 MB of memory otherwise unused).
  const redis = config.REDIS_URL ? await (await import('./redis-leases.js')).RedisLeases.connect(config.REDIS_URL, logger) : undefined;
  const limiter: RateLimiter = redis ? new RedisRateLimiter(redis) : new FixedWindowRateLimiter();
  const store = new PrismaAccessStore(config.DATABASE_URL, clock);
  let access: InMemoryAccessControl;
  try {
    access = await InMemoryAccessControl.start(store, limiter, config, logger, clock, redis);
  } catch (error) {
    await store.close();
    await limiter.close?.();
    redis?.close();
    throw error;
  }
  return Object.assign(access, { admin: store as AccessAdmin });
}
