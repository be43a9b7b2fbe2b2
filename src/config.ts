import { z } from 'zod';
import { LOG_LEVELS } from './logger.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Parses "16kb", "1mb", "2048" into bytes. */
const byteSize = z
  .string()
  .regex(/^\d+(b|kb|mb)?$/i, 'must be a size such as 16kb, 1mb or 2048')
  .transform((value) => {
    const match = /^(\d+)(b|kb|mb)?$/i.exec(value);
    const amount = Number(match?.[1]);
    const unit = (match?.[2] ?? 'b').toLowerCase();
    return amount * (unit === 'mb' ? 1024 * 1024 : unit === 'kb' ? 1024 : 1);
  });

/**
 * The environment the server reads, parsed once at start. Every variable has a default that
 * serves a newcomer: no environment at all starts the API on SQLite in ./data.
 */
export const ConfigSchema = z.object({
  PORT: integer(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, 'must be file:<path> (SQLite) or postgresql://… (PostgreSQL)')
    .default('file:./data/svc.db'),
  REDIS_URL: z.string().regex(/^rediss?:\/\/.+/, 'must be redis://host:port').optional(),
  RULES_DIR: z.string().min(1).default('rules'),
  BODY_LIMIT: byteSize.default(16 * 1024),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean)),
  TRUST_PROXY: booleanFlag.default(false),
  USAGE_FLUSH_INTERVAL_MS: integer(50, 60_000).default(1000),
  ACCESS_REFRESH_INTERVAL_MS: integer(50, 5_000).default(2000),
  ANONYMOUS_RATE_LIMIT_PER_MINUTE: integer(1, 1_000_000).default(60),
  SHUTDOWN_TIMEOUT_MS: integer(100, 120_000).default(10_000),
});
export type Config = z.output<typeof ConfigSchema>;

/** One row of the README's configuration table. */
export interface ConfigVariable {
  /** The default, as a reader would write it in the environment; `(unset)` when there is none. */
  default: string;
  /** What it controls, for the README. No `|`. */
  meaning: string;
}

/**
 * The README's configuration table, one row per variable of ConfigSchema (the type makes a missing
 * row a compile error; the README test compares the table and the defaults against this).
 */
export const CONFIG_REFERENCE: Record<keyof Config, ConfigVariable> = {
  PORT: { default: '3000', meaning: 'TCP port to listen on (`0` picks a free port).' },
  HOST: {
    default: '127.0.0.1',
    meaning: 'Interface to listen on. The default only accepts local connections; use `0.0.0.0` in a container or behind a proxy.',
  },
  DATABASE_URL: {
    default: 'file:./data/svc.db',
    meaning:
      'Where keys, accounts, plans and usage live: `file:<path>` for SQLite (the folder is created), or `postgresql://…` for several instances. Migrations run at start.',
  },
  REDIS_URL: {
    default: '(unset)',
    meaning: '`redis://host:port` to share the rate limits and the live quotas between instances, by leases (see docs/access-and-limits.md). Unset: each process counts its own requests.',
  },
  RULES_DIR: { default: 'rules', meaning: 'Folder of the rule files (capabilities, knowledge, language tables), validated at start and on `SIGHUP`.' },
  BODY_LIMIT: { default: '16kb', meaning: 'Largest accepted POST body, as `2048`, `16kb` or `1mb`; larger → 413 `payload_too_large`.' },
  LOG_LEVEL: { default: 'info', meaning: 'One of `debug`, `info`, `warn`, `error`, `silent`. Logs are JSON lines on stdout, one per request at `info`.' },
  CORS_ORIGINS: {
    default: '(empty: CORS off)',
    meaning: 'Comma-separated browser origins allowed to call the API (`https://app.example.com`), or `*`. Empty: no CORS headers at all.',
  },
  TRUST_PROXY: {
    default: 'false',
    meaning: '`true` behind a TLS-terminating reverse proxy: the client address (for the per-address rate limit) is then read from `X-Forwarded-For`.',
  },
  USAGE_FLUSH_INTERVAL_MS: { default: '1000', meaning: 'How often counted usage is written to the database (also flushed at shutdown).' },
  ACCESS_REFRESH_INTERVAL_MS: {
    default: '2000',
    meaning: 'How often keys, accounts and plans are reloaded from the database, so CLI changes reach a running server.',
  },
  ANONYMOUS_RATE_LIMIT_PER_MINUTE: {
    default: '60',
    meaning: 'Rate limit of requests whose key does not resolve (missing, unknown, revoked…), per client address and minute.',
  },
  SHUTDOWN_TIMEOUT_MS: {
    default: '10000',
    meaning: 'On `SIGTERM`/`SIGINT`, how long requests in flight may take to finish before the process gives up and exits 1.',
  },
};

/**
 * Parses the environment. Throws an Error whose message names each bad variable, what it
 * received and what it must be, so the process can exit with it at start.
 */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = ConfigSchema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `  ${name}=${JSON.stringify(present[name] ?? '')}: ${issue.message}`;
  });
  throw new Error(`Invalid configuration in the environment:\n${lines.join('\n')}`);
}
