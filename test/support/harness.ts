import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type express from 'express';
import { openAccess, type OpenedAccess } from '../../src/access/open-access.js';
import type { AppDeps } from '../../src/app-deps.js';
import { createApp } from '../../src/app.js';
import { parseConfig } from '../../src/config.js';
import { RuleBook, loadRules } from '../../src/knowledge/rule-book.js';
import { createLogger, type Logger } from '../../src/logger.js';
import { recordContract } from './contract-recorder.js';

/** A running app over its own temporary SQLite file, plus handles on its collaborators. */
export interface TestApp {
  /** The app, wrapped so that every API response it sends is checked against its /openapi.json (see close()). */
  app: express.Express;
  /** How many API responses were checked against /openapi.json so far. */
  contractChecks: () => number;
  deps: AppDeps;
  /** The real access layer behind `deps.access`, with the operator's operations (`access.admin`). */
  access: OpenedAccess;
  /** `file:<path>` of this app's SQLite database. */
  databaseUrl: string;
  /** Path of the SQLite file (read it with better-sqlite3 to check what is stored). */
  databasePath: string;
  /** The temporary folder holding the database; removed by close(). */
  dir: string;
  /**
   * Flushes usage, closes the database and removes the temporary folder, then throws if any API
   * response the app sent disagreed with its /openapi.json. Safe to call twice.
   */
  close(): Promise<void>;
}

export interface TestAppOverrides {
  /** Environment on top of the harness's (DATABASE_URL in a temp dir, LOG_LEVEL=silent, no practical anonymous rate limit). */
  env?: Record<string, string>;
  clock?: () => Date;
  /** Rules folder; ./rules by default. */
  rulesDir?: string;
  /** Where the app logs; the real JSON logger at the config's LOG_LEVEL on stdout by default. Pass `createLogger(level, write)` to read the lines. */
  logger?: Logger;
}

/**
 * Builds the real app with real collaborators: parsed config, the rules from ./rules, the access
 * layer on a fresh SQLite file (migrated at open), lifecycle not draining. Pass `env.DATABASE_URL`
 * to reopen an existing database (a restart); that database is then not removed by close().
 */
export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-test-'));
  const databasePath = join(dir, 'svc.db');
  const config = parseConfig({
    DATABASE_URL: `file:${databasePath}`,
    LOG_LEVEL: 'silent',
    // Tests send many keyless requests from one address; tests of this limit set it low.
    ANONYMOUS_RATE_LIMIT_PER_MINUTE: '1000000',
    ...overrides.env,
    RULES_DIR: overrides.rulesDir ?? overrides.env?.RULES_DIR ?? 'rules',
  });
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL);
  const clock = overrides.clock ?? (() => new Date());
  let access: OpenedAccess;
  try {
    access = await openAccess(config, logger, clock);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const deps: AppDeps = {
    config,
    logger,
    clock,
    access,
    rules: new RuleBook(loadRules(config.RULES_DIR)),
    lifecycle: { draining: false },
  };
  let closed = false;
  const contract = recordContract(createApp(deps), deps);
  return {
    app: contract.app,
    contractChecks: contract.checked,
    deps,
    access,
    databaseUrl: config.DATABASE_URL,
    databasePath: config.DATABASE_URL.slice('file:'.length),
    dir,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await access.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      contract.assertAllMatched();
    },
  };
}
