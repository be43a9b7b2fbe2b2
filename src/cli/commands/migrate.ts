import { migrateDatabase } from '../../access/migrate-database.js';
import { parseCommandArgs, UsageError } from '../../access/operator-cli.js';
import { parseConfig } from '../../config.js';
import type { CliCommand } from '../command.js';

const USAGE = `Usage: svc migrate [--json]

Applies the SQL migrations under prisma/migrations that the database of DATABASE_URL has not
applied yet (recorded in its _migrations table). Idempotent; the server also runs it at start.`;

/** `svc migrate`: applies pending SQL migrations. Exit 1 when a migration fails or was edited after it was applied. */
export const migrateCommand: CliCommand = {
  name: 'migrate',
  summary: 'Apply pending database migrations',
  usage: USAGE,
  async run(args, io) {
    const json = args.includes('--json');
    try {
      const { positionals } = parseCommandArgs(args, {});
      if (positionals.length > 0) throw new UsageError(`migrate takes no arguments; got "${positionals[0]}".`);
      const config = parseConfig(io.env);
      const result = await migrateDatabase(config.DATABASE_URL);
      if (json) io.out(`${JSON.stringify({ applied: result.applied, already_applied: result.alreadyApplied })}\n`);
      else if (result.applied.length === 0) io.out(`Database is up to date (${result.alreadyApplied.length} migrations applied).\n`);
      else io.out(`Applied ${result.applied.length} migration(s): ${result.applied.join(', ')}.\n`);
      return 0;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const code = error instanceof UsageError ? 2 : 1;
      if (json) io.out(`${JSON.stringify({ error: { message } })}\n`);
      io.err(`svc migrate: ${message}\n${code === 2 ? `\n${USAGE}\n` : ''}`);
      return code;
    }
  },
};
