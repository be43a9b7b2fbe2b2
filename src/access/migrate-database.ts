import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { databaseKindOf, postgresConfigOf, sqlitePathOf, type DatabaseKind } from './database-url.js';

/** prisma/migrations of this package (SQLite), whatever the working directory. */
export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../prisma/migrations');
/** prisma/migrations-postgresql: the same migrations in PostgreSQL's dialect. */
export const POSTGRES_MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../prisma/migrations-postgresql');

/** The migrations folder for a kind of database. */
export function migrationsDirFor(kind: DatabaseKind): string {
  return kind === 'sqlite' ? MIGRATIONS_DIR : POSTGRES_MIGRATIONS_DIR;
}

export interface Migration {
  /** Folder name, `<seq>_<name>`; applied in this order. */
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: string[];
}

/** The SQL migrations on disk, in order. Throws when the folder is missing or a folder lacks its SQL. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  if (!existsSync(dir)) throw new Error(`migrations folder not found: ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d+_/.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const file = join(dir, name, 'migration.sql');
      if (!existsSync(file)) throw new Error(`migration ${name} has no migration.sql`);
      const sql = readFileSync(file, 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies the migrations not yet recorded in `_migrations`, each in its own transaction, and
 * records them: SQLite from prisma/migrations, PostgreSQL from prisma/migrations-postgresql
 * (unless `dir` is given). Idempotent; safe when two processes start at once (a write lock, or an
 * advisory lock on PostgreSQL, serialises them and the second finds nothing to do). Throws when a
 * recorded migration's SQL changed on disk (a migration is never edited once applied) or when a
 * migration fails (that one is rolled back; earlier ones stay).
 */
export async function migrateDatabase(databaseUrl: string, dir?: string): Promise<MigrationResult> {
  const kind = databaseKindOf(databaseUrl);
  const migrations = readMigrations(dir ?? migrationsDirFor(kind));
  return kind === 'sqlite' ? migrateSqlite(databaseUrl, migrations) : migratePostgres(databaseUrl, migrations);
}

function changedError(name: string): Error {
  return new Error(`migration ${name} was changed after it was applied; add a new migration instead`);
}

/** SQLite: each migration under the write lock (BEGIN IMMEDIATE); the file is switched to WAL so the CLI can write while a server reads. */
function migrateSqlite(databaseUrl: string, migrations: readonly Migration[]): MigrationResult {
  const db = new Database(sqlitePathOf(databaseUrl), { timeout: 10_000 });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.exec('CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)');
    const result: MigrationResult = { applied: [], alreadyApplied: [] };
    for (const migration of migrations) {
      const apply = db.transaction(() => {
        const row = db.prepare('SELECT checksum FROM _migrations WHERE name = ?').get(migration.name) as { checksum: string } | undefined;
        if (row) {
          if (row.checksum !== migration.checksum) throw changedError(migration.name);
          return false;
        }
        db.exec(migration.sql);
        db.prepare('INSERT INTO _migrations (name, checksum, applied_at) VALUES (?, ?, ?)').run(migration.name, migration.checksum, new Date().toISOString());
        return true;
      });
      (apply.immediate() ? result.applied : result.alreadyApplied).push(migration.name);
    }
    return result;
  } finally {
    db.close();
  }
}

/** PostgreSQL: each migration in a transaction holding an advisory lock, so concurrent starts queue. */
async function migratePostgres(databaseUrl: string, migrations: readonly Migration[]): Promise<MigrationResult> {
  // Loaded here, not at the top: a server on SQLite never loads the PostgreSQL driver.
  const { default: pg } = await import('pg');
  const client = new pg.Client(postgresConfigOf(databaseUrl));
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(727274)');
    await client.query('CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)');
    await client.query('COMMIT');
    const result: MigrationResult = { applied: [], alreadyApplied: [] };
    for (const migration of migrations) {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock(727274)');
        const row = await client.query<{ checksum: string }>('SELECT checksum FROM _migrations WHERE name = $1', [migration.name]);
        if (row.rows[0]) {
          if (row.rows[0].checksum !== migration.checksum) throw changedError(migration.name);
          await client.query('COMMIT');
          result.alreadyApplied.push(migration.name);
          continue;
        }
        await client.query(migration.sql);
        await client.query('INSERT INTO _migrations (name, checksum, applied_at) VALUES ($1, $2, $3)', [migration.name, migration.checksum, new Date().toISOString()]);
        await client.query('COMMIT');
        result.applied.push(migration.name);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    }
    return result;
  } finally {
    await client.end();
  }
}
