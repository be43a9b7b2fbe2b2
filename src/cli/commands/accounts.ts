import { accountView, formatTable, parseChoice, parseCommandArgs, parseOptionalLimit, requirePositional, runOperatorCommand, UsageError } from '../../access/operator-cli.js';
import type { AccessAdmin } from '../../access/access-store.js';
import { CAPABILITY_IDS, type CapabilityId } from '../../capabilities/capability-registry.js';
import type { CliCommand, CliIo } from '../command.js';

const USAGE = `Usage:
  svc accounts create --name <name> [--plan <plan>] [--test-plan <plan>] [--subscription active|inactive]
                      [--entitlements <cap,cap,…>|all] [--daily-cap <units>|none] [--json]
  svc accounts list [--json]
  svc accounts show <account>  [--json]
  svc accounts suspend <account> [--json]
  svc accounts reinstate <account> [--json]
  svc accounts set-plan <account> <plan> [--mode live|test] [--json]
  svc accounts set-subscription <account> active|inactive [--json]
  svc accounts set-daily-cap <account> <units>|none [--json]
  svc accounts entitle <account> <capability> [--json]
  svc accounts disentitle <account> <capability> [--json]

New accounts are active, on the "starter" plan for live keys and "free" for test keys, with an
inactive subscription (live keys answer 402 until "set-subscription … active") and every capability.
Capabilities: ${CAPABILITY_IDS.join(', ')}.
A running server applies every change within ACCESS_REFRESH_INTERVAL_MS (2 s by default).`;

function parseCapability(value: string | undefined): CapabilityId {
  return parseChoice(value, CAPABILITY_IDS, 'the capability');
}

function parseCapabilities(value: string): CapabilityId[] {
  if (value === 'all') return [...CAPABILITY_IDS];
  if (value === 'none' || value === '') return [];
  return value.split(',').map((item) => parseCapability(item.trim()));
}

type Action = (admin: AccessAdmin, args: string[], io: CliIo, json: boolean) => Promise<void>;

const ACTIONS: Record<string, Action> = {
  async create(admin, args, io, json) {
    const { values, positionals } = parseCommandArgs(args, {
      name: { type: 'string' },
      plan: { type: 'string' },
      'test-plan': { type: 'string' },
      subscription: { type: 'string' },
      entitlements: { type: 'string' },
      'daily-cap': { type: 'string' },
    });
    if (positionals.length > 0) throw new UsageError(`accounts create takes options only; got "${positionals[0]}".`);
    if (!values.name) throw new UsageError('--name is required.');
    const account = await admin.createAccount({
      name: values.name,
      planId: values.plan,
      testPlanId: values['test-plan'],
      subscriptionStatus: values.subscription === undefined ? undefined : parseChoice(values.subscription, ['active', 'inactive'] as const, '--subscription'),
      entitlements: values.entitlements === undefined ? undefined : parseCapabilities(values.entitlements),
      dailyUnitCap: values['daily-cap'] === undefined ? null : parseOptionalLimit(values['daily-cap'], '--daily-cap'),
    });
    print(io, json, accountView(account), `Created account ${account.id}.`);
  },
  async list(admin, args, io, json) {
    const { positionals } = parseCommandArgs(args, {});
    if (positionals.length > 0) throw new UsageError(`accounts list takes no arguments; got "${positionals[0]}".`);
    const accounts = (await admin.listAccounts()).map(accountView);
    if (json) io.out(`${JSON.stringify({ accounts })}\n`);
    else io.out(formatTable(accounts.map(({ id, name, status, plan, test_plan, subscription, daily_unit_cap }) => ({ id, name, status, plan, test_plan, subscription, daily_unit_cap }))));
  },
  async show(admin, args, io, json) {
    const id = onlyAccount(args);
    print(io, json, accountView(await admin.getAccount(id)));
  },
  async suspend(admin, args, io, json) {
    print(io, json, accountView(await admin.setAccountStatus(onlyAccount(args), 'suspended')), 'Account suspended: its keys answer 403 account_suspended.');
  },
  async reinstate(admin, args, io, json) {
    print(io, json, accountView(await admin.setAccountStatus(onlyAccount(args), 'active')), 'Account reinstated.');
  },
  async 'set-plan'(admin, args, io, json) {
    const { values, positionals } = parseCommandArgs(args, { mode: { type: 'string' } });
    const id = requirePositional(positionals, 0, 'the account id');
    const plan = requirePositional(positionals, 1, 'the plan id');
    const mode = values.mode === undefined ? 'live' : parseChoice(values.mode, ['live', 'test'] as const, '--mode');
    print(io, json, accountView(await admin.setAccountPlan(id, plan, mode)), `The ${mode} plan is now ${plan}.`);
  },
  async 'set-subscription'(admin, args, io, json) {
    const { positionals } = parseCommandArgs(args, {});
    const id = requirePositional(positionals, 0, 'the account id');
    const status = parseChoice(positionals[1], ['active', 'inactive'] as const, 'the subscription status');
    print(io, json, accountView(await admin.setSubscription(id, status)), `Subscription ${status}.`);
  },
  async 'set-daily-cap'(admin, args, io, json) {
    const { positionals } = parseCommandArgs(args, {});
    const id = requirePositional(positionals, 0, 'the account id');
    const cap = parseOptionalLimit(requirePositional(positionals, 1, 'the daily cap (units, or none)'), 'the daily cap');
    print(io, json, accountView(await admin.setDailyCap(id, cap)), cap === null ? 'Daily cap removed.' : `Daily cap set to ${cap} units per mode.`);
  },
  async entitle(admin, args, io, json) {
    const { positionals } = parseCommandArgs(args, {});
    const id = requirePositional(positionals, 0, 'the account id');
    const capability = parseCapability(positionals[1]);
    print(io, json, accountView(await admin.setEntitlement(id, capability, true)), `Entitled to ${capability}.`);
  },
  async disentitle(admin, args, io, json) {
    const { positionals } = parseCommandArgs(args, {});
    const id = requirePositional(positionals, 0, 'the account id');
    const capability = parseCapability(positionals[1]);
    print(io, json, accountView(await admin.setEntitlement(id, capability, false)), `No longer entitled to ${capability}: it answers 403 entitlement_disabled.`);
  },
};

function onlyAccount(args: string[]): string {
  const { positionals } = parseCommandArgs(args, {});
  if (positionals.length > 1) throw new UsageError(`expected one account id; got ${positionals.length} arguments.`);
  return requirePositional(positionals, 0, 'the account id');
}

function print(io: CliIo, json: boolean, account: ReturnType<typeof accountView>, note?: string): void {
  if (json) {
    io.out(`${JSON.stringify({ account })}\n`);
    return;
  }
  if (note) io.out(`${note}\n`);
  io.out(formatTable(Object.entries(account).map(([field, value]) => ({ field, value }))));
}

/** `svc accounts`: create, inspect and change accounts (status, plans, subscription, entitlements, daily cap). */
export const accountsCommand: CliCommand = {
  name: 'accounts',
  summary: 'Create, list, show, suspend, reinstate accounts; set plan, subscription, entitlements',
  usage: USAGE,
  run(args, io) {
    return runOperatorCommand(io, USAGE, args, async (admin, json) => {
      const [name, ...rest] = args.filter((arg) => arg !== '--json');
      const action = name === undefined ? undefined : ACTIONS[name];
      if (!action) throw new UsageError(name ? `unknown action "accounts ${name}".` : `missing action: ${Object.keys(ACTIONS).join(', ')}.`);
      await action(admin, rest, io, json);
    });
  },
};
