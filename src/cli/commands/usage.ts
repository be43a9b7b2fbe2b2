import { formatTable, parseChoice, parseCommandArgs, runOperatorCommand, UsageError } from '../../access/operator-cli.js';
import type { KeyMode } from '../../access/caller.js';
import type { CliCommand } from '../command.js';

const USAGE = `Usage: svc usage [--account <account>] [--month YYYY-MM | --from YYYY-MM-DD --to YYYY-MM-DD]
                 [--mode test|live] [--by day|capability] [--json]

Units and requests per account and mode, from the database (a running server writes its counts
every USAGE_FLUSH_INTERVAL_MS, 1 s by default). The default period is the current billing period
(calendar month, UTC). For live usage the account's plan quota is shown next to it.`;

/** `svc usage`: units and requests per account and mode (optionally per day or capability) over a period. */
export const usageCommand: CliCommand = {
  name: 'usage',
  summary: 'Show usage (units, requests) per account and mode',
  usage: USAGE,
  run(args, io) {
    return runOperatorCommand(io, USAGE, args, async (admin, json) => {
      const { values, positionals } = parseCommandArgs(args, {
        account: { type: 'string' },
        month: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        mode: { type: 'string' },
        by: { type: 'string' },
      });
      if (positionals.length > 0) throw new UsageError(`usage takes options only; got "${positionals[0]}".`);
      const month = values.month ?? new Date().toISOString().slice(0, 7);
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new UsageError(`--month must be YYYY-MM; got "${month}".`);
      const day = /^\d{4}-\d{2}-\d{2}$/;
      if ((values.from === undefined) !== (values.to === undefined)) throw new UsageError('--from and --to go together.');
      if (values.from !== undefined && (!day.test(values.from) || !day.test(values.to ?? ''))) throw new UsageError('--from and --to must be YYYY-MM-DD.');
      const fromDay = values.from ?? `${month}-01`;
      const toDay = values.to ?? lastDayOf(month);
      const mode: KeyMode | undefined = values.mode === undefined ? undefined : parseChoice(values.mode, ['test', 'live'] as const, '--mode');
      const by = values.by === undefined ? undefined : parseChoice(values.by, ['day', 'capability'] as const, '--by');
      if (values.account) await admin.getAccount(values.account);

      const rows = (await admin.usage({ accountId: values.account, fromDay, toDay })).filter((row) => !mode || row.mode === mode);
      const plans = new Map((await admin.listPlans()).map((plan) => [plan.id, plan]));
      const accounts = new Map((await admin.listAccounts()).map((account) => [account.id, account]));
      const groups = new Map<string, { account: string; mode: KeyMode; day?: string; capability?: string; units: number; requests: number }>();
      for (const row of rows) {
        const detail = by === 'day' ? row.day : by === 'capability' ? row.capability : '';
        const id = `${row.accountId}|${row.mode}|${detail}`;
        const group = groups.get(id) ?? {
          account: row.accountId,
          mode: row.mode,
          ...(by === 'day' && { day: row.day }),
          ...(by === 'capability' && { capability: row.capability }),
          units: 0,
          requests: 0,
        };
        group.units += row.units;
        group.requests += row.requests;
        groups.set(id, group);
      }
      const usage = [...groups.values()].map((group) => {
        const account = accounts.get(group.account);
        const plan = account && plans.get(group.mode === 'live' ? account.planId : account.testPlanId);
        return { ...group, plan: plan?.id ?? null, quota: group.mode === 'live' ? (plan?.unitsPerPeriod ?? null) : null };
      });
      if (json) io.out(`${JSON.stringify({ from: fromDay, to: toDay, usage })}\n`);
      else io.out(`Usage from ${fromDay} to ${toDay} (UTC):\n${formatTable(usage, '(no usage)')}`);
    });
  },
};

/** `YYYY-MM-DD` of the month's last day. */
function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
}
