import type { CliCommand } from '../command.js';
import { accountsCommand } from './accounts.js';
import { fixturesCommand } from './fixtures.js';
import { keysCommand } from './keys.js';
import { migrateCommand } from './migrate.js';
import { plansCommand } from './plans.js';
import { rulesCommand } from './rules.js';
import { sourcesCommand } from './sources.js';
import { usageCommand } from './usage.js';

/** Every `svc` command; `svc help` lists them in this order. */
export const COMMANDS: readonly CliCommand[] = [migrateCommand, accountsCommand, keysCommand, plansCommand, usageCommand, rulesCommand, sourcesCommand, fixturesCommand];
