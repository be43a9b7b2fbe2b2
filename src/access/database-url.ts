import { mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, resolve } from 'node:path';

export type DatabaseKind = 'sqlite' | 'postgresql';

/** Which database a DATABASE_URL names (config already checked its form). */
export function databaseKindOf(url: string): DatabaseKind {
  return url.startsWith('file:') ? 'sqlite' : 'postgresql';
}

/**
 * The absolute path of a `file:<path>` URL (relative paths resolve against the working
 * directory), with its folder created. Throws when the URL is not a `file:` URL.
 */
export function sqlitePathOf(url: string): string {
  if (!url.startsWith('file:')) throw new Error(`not a SQLite URL: ${url.split('@').pop() ?? ''}`);
  const path = resolve(url.slice('file:'.length).replace(/^\/\/(?=\/)/, ''));
  mkdirSync(dirname(path), { recursive: true });
  return path;
}

/**
 * pg connection settings for a PostgreSQL URL. A URL without a user name (trust auth on a
 * local server, `postgresql://127.0.0.1:5432/db`) connects as PGUSER, or else as the OS user,
 * as psql does; pg alone would refuse it when USER is not set in the environment.
 */
export function postgresConfigOf(url: string): { connectionString: string } {
  const parsed = new URL(url);
  if (parsed.username) return { connectionString: url };
  parsed.username = encodeURIComponent(process.env.PGUSER || process.env.USER || userInfo().username);
  return { connectionString: parsed.href };
}
