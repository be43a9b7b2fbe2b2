import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { CAPABILITY_IDS, CapabilityIdSchema, type CapabilityId } from '../capabilities/capability-registry.js';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { PrismaClient as PostgresPrismaClient } from '../generated/prisma-pg/client.js';
import type { Account as AccountRow, ApiKey as ApiKeyRow, Plan as PlanRow } from '../generated/prisma/client.js';
import { randomBase62 } from '../lib/random-base62.js';
import {
  usageKey,
  utcDay,
  utcMonth,
  type AccessSnapshot,
  type AccountRecord,
  type AccountStatus,
  type KeyRecord,
  type PlanRecord,
  type SubscriptionStatus,
  type UsageBatch,
  type UsageIncrement,
  type UsageTotals,
} from './access-records.js';
import { AccessAdminError, type AccessAdmin, type AccessStore, type NewAccount, type NewKeyOptions, type NewPlan, type UsageRow } from './access-store.js';
import { generateApiKey } from './api-key-format.js';
import type { KeyMode } from './caller.js';
import { databaseKindOf, postgresConfigOf, sqlitePathOf, type DatabaseKind } from './database-url.js';

/**
 * The PostgreSQL driver adapter (PrismaPg over pg), loaded when the client first connects: a
 * server on SQLite never loads either (about 7 MB of memory and 0.1 s of start-up).
 */
function lazyPostgresAdapter(config: ConstructorParameters<typeof PrismaPg>[0]): SqlDriverAdapterFactory {
  return {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    connect: async () => {
      const { PrismaPg: Adapter } = await import('@prisma/adapter-pg');
      return new Adapter(config).connect();
    },
  };
}

/** Rows per INSERT of a usage batch. */
const USAGE_BATCH_ROWS = 200;
/** An increment is added to its stored counter, never written over it (both dialects). */
const ADD_TO_COUNTER = Prisma.sql`ON CONFLICT (account_id, mode, day, capability)
  DO UPDATE SET units = usage_counters.units + excluded.units, requests = usage_counters.requests + excluded.requests`;
/**
 * How long PostgreSQL remembers an applied usage batch id: a batch written again later than
 * this after its first write (an instance cut off from the database for a day after a lost
 * acknowledgement) would count twice.
 */
const USAGE_BATCH_RETENTION_MS = 86_400_000;

/**
 * The access store and the operator's operations on Prisma 7: over SQLite (better-sqlite3
 * driver adapter, the client generated from prisma/schema.prisma) for a `file:` URL, over
 * PostgreSQL (pg driver adapter, the client generated from the same models with the PostgreSQL
 * provider) otherwise. Both clients have the same model API; the queries below are written once.
 * Opens no connection until first used; migrations are applied by the caller (migrateDatabase)
 * before. Timestamps come from the injected clock so tests control them.
 */
export class PrismaAccessStore implements AccessStore, AccessAdmin {
  private readonly prisma: PrismaClient;
  private readonly kind: DatabaseKind;
  private lastUsagePrune = 0;

  constructor(
    databaseUrl: string,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.kind = databaseKindOf(databaseUrl);
    if (this.kind === 'sqlite') {
      this.prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: sqlitePathOf(databaseUrl), timeout: 10_000 }) });
    } else {
      // Same models, same generated API: only the SQL dialect differs, which the client handles.
      this.prisma = new PostgresPrismaClient({ adapter: lazyPostgresAdapter({ ...postgresConfigOf(databaseUrl), max: 5 }) }) as unknown as PrismaClient;
    }
  }

  async loadRevision(): Promise<number> {
    const row = await this.prisma.accessRevision.findUnique({ where: { id: 1 } });
    return row?.revision ?? 0;
  }

  async loadSnapshot(): Promise<AccessSnapshot> {
    const [revision, plans, accounts, keys] = await this.prisma.$transaction([
      this.prisma.accessRevision.findUnique({ where: { id: 1 } }),
      this.prisma.plan.findMany(),
      this.prisma.account.findMany({ include: { entitlements: { select: { capability: true } } } }),
      this.prisma.apiKey.findMany(),
    ]);
    return {
      revision: revision?.revision ?? 0,
      plans: new Map(plans.map((plan) => [plan.id, toPlan(plan)])),
      accounts: new Map(accounts.map((account) => [account.id, toAccount(account, account.entitlements)])),
      keysByHash: new Map(keys.map((key) => [key.hash, toKey(key)])),
    };
  }

  async loadUsageTotals(now: Date): Promise<UsageTotals> {
    const day = utcDay(now);
    const month = utcMonth(now);
    // One pass over the month's rows: the day's units and the month's units per account and mode.
    const rows = await this.prisma.$queryRaw<{ account_id: string; mode: string; day_units: bigint | number | null; month_units: bigint | number | null }[]>`
      SELECT account_id, mode,
             SUM(CASE WHEN day = ${day} THEN units ELSE 0 END) AS day_units,
             SUM(units) AS month_units
      FROM usage_counters
      WHERE day >= ${`${month}-01`} AND day <= ${`${month}-31`}
      GROUP BY account_id, mode`;
    const dayUnits = new Map<string, number>();
    const monthUnits = new Map<string, number>();
    for (const row of rows) {
      const key = usageKey(row.account_id, row.mode === 'live' ? 'live' : 'test');
      dayUnits.set(key, Number(row.day_units ?? 0));
      monthUnits.set(key, Number(row.month_units ?? 0));
    }
    return { day, month, dayUnits, monthUnits };
  }

  async addUsage(batch: UsageBatch): Promise<void> {
    if (batch.rows.length === 0) return;
    const statements = [];
    for (let start = 0; start < batch.rows.length; start += USAGE_BATCH_ROWS) {
      const chunk = batch.rows.slice(start, start + USAGE_BATCH_ROWS);
      statements.push(this.kind === 'sqlite' ? this.addUsageSqlite(chunk) : this.addUsagePostgres(`${batch.id}:${start}`, chunk));
    }
    await this.prisma.$transaction(statements);
    if (this.kind === 'postgresql') await this.pruneUsageBatches();
  }

  /**
   * SQLite is written in process: a write that throws was rolled back, so a batch written again
   * after a failure was never applied before and needs no id.
   */
  private addUsageSqlite(chunk: readonly UsageIncrement[]) {
    const rows = chunk.map((row) => Prisma.sql`(${row.accountId}, ${row.mode}, ${row.day}, ${row.capability}, ${row.units}, ${row.requests})`);
    return this.prisma.$executeRaw`INSERT INTO usage_counters (account_id, mode, day, capability, units, requests)
      VALUES ${Prisma.join(rows)}
      ${ADD_TO_COUNTER}`;
  }

  /**
   * PostgreSQL is written over a network: the connection can be lost after COMMIT and before the
   * acknowledgement, and the batch is then written again. One statement claims the chunk's id in
   * usage_batches and adds the rows only when the claim is new, so a chunk counts once.
   */
  private addUsagePostgres(chunkId: string, chunk: readonly UsageIncrement[]) {
    const rows = chunk.map((row) => Prisma.sql`(${row.accountId}, ${row.mode}, ${row.day}, ${row.capability}, ${row.units}::integer, ${row.requests}::integer)`);
    return this.prisma.$executeRaw`WITH claimed AS (
        INSERT INTO usage_batches (id) VALUES (${chunkId}) ON CONFLICT (id) DO NOTHING RETURNING id
      )
      INSERT INTO usage_counters (account_id, mode, day, capability, units, requests)
      SELECT v.account_id, v.mode, v.day, v.capability, v.units, v.requests
      FROM (VALUES ${Prisma.join(rows)}) AS v (account_id, mode, day, capability, units, requests)
      WHERE EXISTS (SELECT 1 FROM claimed)
      ${ADD_TO_COUNTER}`;
  }

  /** Forgets batch ids older than USAGE_BATCH_RETENTION_MS, at most once an hour per store. */
  private async pruneUsageBatches(): Promise<void> {
    const now = this.clock().getTime();
    if (now - this.lastUsagePrune < 3_600_000) return;
    this.lastUsagePrune = now;
    await this.prisma.$executeRaw`DELETE FROM usage_batches WHERE applied_at < ${new Date(now - USAGE_BATCH_RETENTION_MS)}`;
  }

  async ping(): Promise<boolean> {
    try {
      await this.prisma.$queryRaw`SELECT 1`;
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.prisma.$disconnect();
  }

  async createPlan(plan: NewPlan): Promise<PlanRecord> {
    if (!/^[a-z0-9][a-z0-9_-]{0,39}$/.test(plan.id)) {
      throw new AccessAdminError(`Plan id "${plan.id}" is not allowed: use 1-40 lower-case letters, digits, "-" or "_".`);
    }
    if (await this.prisma.plan.findUnique({ where: { id: plan.id } })) throw new AccessAdminError(`Plan "${plan.id}" already exists.`);
    return toPlan(await this.prisma.plan.create({ data: { ...plan, createdAt: this.clock() } }));
  }

  async listPlans(): Promise<PlanRecord[]> {
    return (await this.prisma.plan.findMany({ orderBy: { createdAt: 'asc' } })).map(toPlan);
  }

  async createAccount(account: NewAccount): Promise<AccountRecord> {
    const planId = account.planId ?? 'starter';
    const testPlanId = account.testPlanId ?? 'free';
    requirePaidLivePlan(planId);
    await this.requirePlan(planId);
    await this.requirePlan(testPlanId);
    const now = this.clock();
    const entitlements = account.entitlements ?? CAPABILITY_IDS;
    const created = await this.prisma.account.create({
      data: {
        id: account.id ?? `acct_${randomBase62(16)}`,
        name: account.name,
        status: 'active',
        planId,
        testPlanId,
        subscriptionStatus: account.subscriptionStatus ?? 'inactive',
        dailyUnitCap: account.dailyUnitCap ?? null,
        createdAt: now,
        updatedAt: now,
        entitlements: { create: [...new Set(entitlements)].map((capability) => ({ capability, createdAt: now })) },
      },
      include: { entitlements: true },
    });
    return toAccount(created, created.entitlements);
  }

  async listAccounts(): Promise<AccountRecord[]> {
    const rows = await this.prisma.account.findMany({ include: { entitlements: true }, orderBy: { createdAt: 'asc' } });
    return rows.map((row) => toAccount(row, row.entitlements));
  }

  async getAccount(accountId: string): Promise<AccountRecord> {
    const row = await this.prisma.account.findUnique({ where: { id: accountId }, include: { entitlements: true } });
    if (!row) throw new AccessAdminError(`No account "${accountId}". List them with "svc accounts list".`);
    return toAccount(row, row.entitlements);
  }

  setAccountStatus(accountId: string, status: AccountStatus): Promise<AccountRecord> {
    return this.updateAccount(accountId, { status });
  }

  async setAccountPlan(accountId: string, planId: string, mode: KeyMode = 'live'): Promise<AccountRecord> {
    if (mode === 'live') requirePaidLivePlan(planId);
    await this.requirePlan(planId);
    return this.updateAccount(accountId, mode === 'live' ? { planId } : { testPlanId: planId });
  }

  setSubscription(accountId: string, status: SubscriptionStatus): Promise<AccountRecord> {
    return this.updateAccount(accountId, { subscriptionStatus: status });
  }

  setDailyCap(accountId: string, cap: number | null): Promise<AccountRecord> {
    return this.updateAccount(accountId, { dailyUnitCap: cap });
  }

  async setEntitlement(accountId: string, capability: CapabilityId, enabled: boolean): Promise<AccountRecord> {
    await this.getAccount(accountId);
    if (enabled) {
      await this.prisma.entitlement.upsert({
        where: { accountId_capability: { accountId, capability } },
        create: { accountId, capability, createdAt: this.clock() },
        update: {},
      });
    } else {
      await this.prisma.entitlement.deleteMany({ where: { accountId, capability } });
    }
    return this.updateAccount(accountId, {});
  }

  async createKey(options: NewKeyOptions): Promise<{ key: string; record: KeyRecord }> {
    await this.getAccount(options.accountId);
    const fresh = generateApiKey(options.mode);
    const row = await this.prisma.apiKey.create({
      data: {
        id: `key_${randomBase62(16)}`,
        accountId: options.accountId,
        mode: options.mode,
        hash: fresh.hash,
        hint: fresh.hint,
        name: options.name ?? null,
        createdAt: this.clock(),
        expiresAt: options.expiresAt ?? null,
      },
    });
    return { key: fresh.key, record: toKey(row) };
  }

  async listKeys(accountId?: string): Promise<KeyRecord[]> {
    if (accountId !== undefined) await this.getAccount(accountId);
    const rows = await this.prisma.apiKey.findMany({ where: accountId ? { accountId } : {}, orderBy: { createdAt: 'asc' } });
    return rows.map(toKey);
  }

  async getKey(keyId: string): Promise<KeyRecord> {
    const row = await this.prisma.apiKey.findUnique({ where: { id: keyId } });
    if (!row) throw new AccessAdminError(`No key "${keyId}". List them with "svc keys list".`);
    return toKey(row);
  }

  async revokeKey(keyId: string, at?: Date): Promise<KeyRecord> {
    const key = await this.getKey(keyId);
    const when = at ?? this.clock();
    if (key.revokedAt && key.revokedAt <= when) return key;
    return toKey(await this.prisma.apiKey.update({ where: { id: keyId }, data: { revokedAt: when } }));
  }

  async rotateKey(keyId: string, graceSeconds: number): Promise<{ key: string; record: KeyRecord; old: KeyRecord }> {
    const old = await this.getKey(keyId);
    const now = this.clock();
    if (old.revokedAt && old.revokedAt <= now) throw new AccessAdminError(`Key "${keyId}" is already revoked; create a new key instead.`);
    if (!Number.isInteger(graceSeconds) || graceSeconds < 0) throw new AccessAdminError('The grace period must be a whole number of seconds, 0 or more.');
    const created = await this.createKey({ accountId: old.accountId, mode: old.mode, name: old.name, expiresAt: old.expiresAt });
    const revokeAt = new Date(now.getTime() + graceSeconds * 1000);
    const earlier = old.revokedAt && old.revokedAt < revokeAt ? old.revokedAt : revokeAt;
    const updated = await this.prisma.apiKey.update({ where: { id: keyId }, data: { revokedAt: earlier, replacedById: created.record.id } });
    return { ...created, old: toKey(updated) };
  }

  async usage(query: { accountId?: string; fromDay: string; toDay: string }): Promise<UsageRow[]> {
    const rows = await this.prisma.usageCounter.findMany({
      where: { day: { gte: query.fromDay, lte: query.toDay }, ...(query.accountId ? { accountId: query.accountId } : {}) },
      orderBy: [{ accountId: 'asc' }, { mode: 'asc' }, { day: 'asc' }, { capability: 'asc' }],
    });
    return rows.map((row) => ({ ...row, mode: row.mode as KeyMode, capability: row.capability as CapabilityId }));
  }

  private async requirePlan(planId: string): Promise<void> {
    if (!(await this.prisma.plan.findUnique({ where: { id: planId } }))) {
      throw new AccessAdminError(`No plan "${planId}". List them with "svc plans list".`);
    }
  }

  private async updateAccount(accountId: string, data: Prisma.AccountUncheckedUpdateInput): Promise<AccountRecord> {
    await this.getAccount(accountId);
    const row = await this.prisma.account.update({
      where: { id: accountId },
      data: { ...data, updatedAt: this.clock() },
      include: { entitlements: true },
    });
    return toAccount(row, row.entitlements);
  }
}

/** The free plan is the test mode's: the spec has live keys require a paid plan. */
function requirePaidLivePlan(planId: string): void {
  if (planId === 'free') throw new AccessAdminError('"free" is the test-mode plan; live keys require a paid plan (svc plans list).');
}

function toPlan(row: PlanRow): PlanRecord {
  return { ...row };
}

function toAccount(row: AccountRow, entitlements: readonly { capability: string }[]): AccountRecord {
  const granted = new Set<CapabilityId>();
  for (const { capability } of entitlements) {
    const parsed = CapabilityIdSchema.safeParse(capability);
    if (parsed.success) granted.add(parsed.data);
  }
  return {
    id: row.id,
    name: row.name,
    status: row.status === 'active' ? 'active' : 'suspended',
    planId: row.planId,
    testPlanId: row.testPlanId,
    subscriptionStatus: row.subscriptionStatus === 'active' ? 'active' : 'inactive',
    dailyUnitCap: row.dailyUnitCap,
    entitlements: granted,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toKey(row: ApiKeyRow): KeyRecord {
  return {
    id: row.id,
    accountId: row.accountId,
    mode: row.mode === 'live' ? 'live' : 'test',
    hash: row.hash,
    hint: row.hint,
    name: row.name,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    replacedById: row.replacedById,
  };
}
