import {
  formatTable,
  parseCommandArgs,
  parseDurationSeconds,
  parseOptionalLimit,
  parseWholeNumber,
  planView,
  requirePositional,
  runOperatorCommand,
  UsageError,
} from '../../access/operator-cli.js';
import type { CliCommand } from '../command.js';

const USAGE = `Usage:
  svc plans list [--json]
  svc plans create <id> --name <name> --rate <requests> [--window <duration>]
                   [--quota <units>|none] [--daily-cap <units>|none] [--json]

  <id>         lower-case letters, digits, "-" or "_" (for example "enterprise")
  --rate       requests allowed per key per window
  --window     the rate window: seconds or 90s, 1m, 1h (default 60s)
  --quota      units per billing period (calendar month, UTC) for live keys; "none" = unlimited (default none)
  --daily-cap  units per UTC day per mode; "none" = no cap (default none)

Plans are never edited or deleted, so what an account was sold stays readable; create a new plan
and move accounts with "svc accounts set-plan".`;

/** `svc plans`: list and create plans (their limits). */
export const plansCommand: CliCommand = {
  name: 'plans',
  summary: 'List and create plans (rate limit, quota, daily cap)',
  usage: USAGE,
  run(args, io) {
    return runOperatorCommand(io, USAGE, args, async (admin, json) => {
      const [action, ...rest] = args.filter((arg) => arg !== '--json');
      if (action === 'list') {
        const { positionals } = parseCommandArgs(rest, {});
        if (positionals.length > 0) throw new UsageError(`plans list takes no arguments; got "${positionals[0]}".`);
        const plans = (await admin.listPlans()).map(planView);
        io.out(json ? `${JSON.stringify({ plans })}\n` : formatTable(plans));
        return;
      }
      if (action === 'create') {
        const { values, positionals } = parseCommandArgs(rest, {
          name: { type: 'string' },
          rate: { type: 'string' },
          window: { type: 'string' },
          quota: { type: 'string' },
          'daily-cap': { type: 'string' },
        });
        const id = requirePositional(positionals, 0, 'the plan id');
        if (!values.name) throw new UsageError('--name is required.');
        if (!values.rate) throw new UsageError('--rate is required (requests per window, per key).');
        const windowSeconds = values.window ? parseDurationSeconds(values.window, '--window') : 60;
        if (windowSeconds < 1) throw new UsageError('--window must be at least 1 second.');
        const plan = await admin.createPlan({
          id,
          name: values.name,
          rateLimitRequests: parseWholeNumber(values.rate, '--rate', 1),
          rateLimitWindowSeconds: windowSeconds,
          unitsPerPeriod: values.quota ? parseOptionalLimit(values.quota, '--quota') : null,
          dailyUnitCap: values['daily-cap'] ? parseOptionalLimit(values['daily-cap'], '--daily-cap') : null,
        });
        io.out(json ? `${JSON.stringify({ plan: planView(plan) })}\n` : `Created plan ${plan.id}.\n${formatTable([planView(plan)])}`);
        return;
      }
      throw new UsageError(action ? `unknown action "plans ${action}".` : 'missing action: list or create.');
    });
  },
};
