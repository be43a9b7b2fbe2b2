import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CliIo } from '../cli/command.js';
import { parseConfig } from '../config.js';
import type { AccountRecord, KeyRecord, PlanRecord } from './access-records.js';
import { AccessAdminError, type AccessAdmin } from './access-store.js';
import { migrateDatabase } from './migrate-database.js';
import { PrismaAccessStore } from './prisma-access-store.js';

/** A mistake in the command line itself: the command prints it with its usage and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Parsed options and positionals; unknown options and missing values are UsageErrors. */
export function parseCommandArgs<O extends OptionSpec>(args: string[], options: O) {
  try {
    return parseArgs({ args, options: { json: { type: 'boolean' }, ...options }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** Parses a whole number within bounds, or throws a UsageError naming the option. */
export function parseWholeNumber(value: string, name: string, min = 0): number {
  if (!/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`${name} must be a whole number of at least ${min}; got "${value}".`);
  return Number(value);
}

/** A limit that may be lifted: a whole number, or `none` for no limit. */
export function parseOptionalLimit(value: string, name: string): number | null {
  return value === 'none' ? null : parseWholeNumber(value, name);
}

/** `90` (seconds), `90s`, `15m`, `24h`, `30d` → seconds. */
export function parseDurationSeconds(value: string, name: string): number {
  const match = /^(\d+)(s|m|h|d)?$/.exec(value);
  if (!match) throw new UsageError(`${name} must be a duration such as 3600, 90s, 15m, 24h or 30d; got "${value}".`);
  const factor = { s: 1, m: 60, h: 3600, d: 86_400 }[(match[2] ?? 's') as 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * factor;
}

/** An instant: an ISO 8601 date or date-time, or a duration from now (`30d`). */
export function parseInstant(value: string, name: string, now: Date): Date {
  if (/^\d+(s|m|h|d)$/.test(value)) return new Date(now.getTime() + parseDurationSeconds(value, name) * 1000);
  const date = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new UsageError(`${name} must be an ISO date (2026-12-31), a date-time (2026-12-31T23:59:00Z) or a duration from now (30d); got "${value}".`);
  return date;
}

/** One of the allowed words, or a UsageError listing them. */
export function parseChoice<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T {
  if (value === undefined || !(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${name} must be one of ${allowed.join(', ')}; got ${value === undefined ? 'nothing' : `"${value}"`}.`);
  }
  return value as T;
}

export function requirePositional(positionals: string[], index: number, name: string): string {
  const value = positionals[index];
  if (value === undefined || value === '') throw new UsageError(`missing ${name}.`);
  return value;
}

/**
 * Runs an operator command on the database of DATABASE_URL (migrated first), and maps failures
 * to exit codes: 0 done, 1 refused or failed (unknown id, database error, bad environment),
 * 2 a usage error (the usage text is printed). Errors go to stderr; with --json, `runCli` turns
 * the first line into the `{"error": {"message"}}` document on stdout, as for every command.
 */
export async function runOperatorCommand(
  io: CliIo,
  usage: string,
  args: string[],
  body: (admin: AccessAdmin, json: boolean) => Promise<void>,
): Promise<number> {
  const json = args.includes('--json');
  const fail = (message: string, code: number) => {
    io.err(`svc: ${message}\n${code === 2 ? `\n${usage}\n` : ''}`);
    return code;
  };
  let store: PrismaAccessStore | undefined;
  try {
    const config = parseConfig(io.env);
    await migrateDatabase(config.DATABASE_URL);
    store = new PrismaAccessStore(config.DATABASE_URL);
    await body(store, json);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message, 2);
    if (error instanceof AccessAdminError) return fail(error.message, 1);
    return fail(error instanceof Error ? error.message : String(error), 1);
  } finally {
    await store?.close();
  }
}

/** Prints rows as aligned columns (people) — the JSON form is printed by the caller. */
export function formatTable(rows: readonly Record<string, unknown>[], empty = '(none)'): string {
  if (rows.length === 0) return `${empty}\n`;
  const columns = Object.keys(rows[0] ?? {});
  const cells = rows.map((row) => columns.map((column) => display(row[column])));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => (line[i] ?? '').length)));
  const line = (values: string[]) => values.map((value, i) => value.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return `${[line(columns), ...cells.map(line)].join('\n')}\n`;
}

function display(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join(',') || '-';
  return String(value);
}

/** Account as the CLI prints it (JSON: ISO dates, entitlements as a sorted list). */
export function accountView(account: AccountRecord) {
  return {
    id: account.id,
    name: account.name,
    status: account.status,
    plan: account.planId,
    test_plan: account.testPlanId,
    subscription: account.subscriptionStatus,
    daily_unit_cap: account.dailyUnitCap,
    entitlements: [...account.entitlements].sort(),
    created_at: account.createdAt.toISOString(),
    updated_at: account.updatedAt.toISOString(),
  };
}

/** Key as the CLI prints it: never the key, never its hash; the hint tells keys apart. */
export function keyView(key: KeyRecord, now: Date) {
  const state =
    key.revokedAt && key.revokedAt <= now
      ? 'revoked'
      : key.expiresAt && key.expiresAt <= now
        ? 'expired'
        : key.revokedAt
          ? 'active (revocation scheduled)'
          : 'active';
  return {
    id: key.id,
    account: key.accountId,
    mode: key.mode,
    hint: key.hint,
    name: key.name,
    state,
    created_at: key.createdAt.toISOString(),
    expires_at: key.expiresAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
    replaced_by: key.replacedById,
  };
}

export function planView(plan: PlanRecord) {
  return {
    id: plan.id,
    name: plan.name,
    rate_limit_requests: plan.rateLimitRequests,
    rate_limit_window_seconds: plan.rateLimitWindowSeconds,
    units_per_period: plan.unitsPerPeriod,
    daily_unit_cap: plan.dailyUnitCap,
  };
}
