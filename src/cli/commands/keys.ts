import { formatTable, keyView, parseChoice, parseCommandArgs, parseDurationSeconds, parseInstant, requirePositional, runOperatorCommand, UsageError } from '../../access/operator-cli.js';
import type { CliCommand } from '../command.js';

const USAGE = `Usage:
  svc keys create --account <account> --mode test|live [--expires <when>] [--name <label>] [--json]
  svc keys list [--account <account>] [--json]
  svc keys revoke <key-id> [--json]
  svc keys rotate <key-id> [--grace <duration>] [--json]

  --expires  an ISO date or date-time (2026-12-31, 2026-12-31T23:59:00Z) or a duration from now (30d)
  --grace    how long the old key keeps working after a rotation: 0 (default, revoked now), 3600, 15m, 24h, 7d

"create" and "rotate" print the new key ONCE; only its SHA-256 hash is stored, so a lost key cannot
be shown again: rotate it. "list" never shows keys, only their id and hint (prefix and last four
characters). A running server applies a revocation within ACCESS_REFRESH_INTERVAL_MS (2 s by default).`;

/** `svc keys`: create (prints the key once), list (never the key), revoke, rotate with a grace period. */
export const keysCommand: CliCommand = {
  name: 'keys',
  summary: 'Create (shown once), list, revoke and rotate API keys',
  usage: USAGE,
  run(args, io) {
    return runOperatorCommand(io, USAGE, args, async (admin, json) => {
      const [action, ...rest] = args.filter((arg) => arg !== '--json');
      const now = new Date();
      if (action === 'create') {
        const { values, positionals } = parseCommandArgs(rest, { account: { type: 'string' }, mode: { type: 'string' }, expires: { type: 'string' }, name: { type: 'string' } });
        if (positionals.length > 0) throw new UsageError(`keys create takes options only; got "${positionals[0]}".`);
        if (!values.account) throw new UsageError('--account is required.');
        const mode = parseChoice(values.mode, ['test', 'live'] as const, '--mode');
        const expiresAt = values.expires === undefined ? null : parseInstant(values.expires, '--expires', now);
        if (expiresAt && expiresAt <= now) throw new UsageError('--expires must be in the future.');
        const { key, record } = await admin.createKey({ accountId: values.account, mode, expiresAt, name: values.name ?? null });
        if (json) io.out(`${JSON.stringify({ key, api_key: keyView(record, now) })}\n`);
        else io.out(`${key}\n\nThis is the only time the key is shown; store it now. Id ${record.id}, hint ${record.hint}.\n`);
        return;
      }
      if (action === 'list') {
        const { values, positionals } = parseCommandArgs(rest, { account: { type: 'string' } });
        if (positionals.length > 0) throw new UsageError(`keys list takes options only; got "${positionals[0]}".`);
        const keys = (await admin.listKeys(values.account)).map((key) => keyView(key, now));
        io.out(json ? `${JSON.stringify({ keys })}\n` : formatTable(keys.map(({ id, account, mode, hint, state, expires_at, revoked_at }) => ({ id, account, mode, hint, state, expires_at, revoked_at }))));
        return;
      }
      if (action === 'revoke') {
        const { positionals } = parseCommandArgs(rest, {});
        const key = await admin.revokeKey(requirePositional(positionals, 0, 'the key id'));
        io.out(json ? `${JSON.stringify({ api_key: keyView(key, new Date()) })}\n` : `Revoked ${key.id} (${key.hint}).\n`);
        return;
      }
      if (action === 'rotate') {
        const { values, positionals } = parseCommandArgs(rest, { grace: { type: 'string' } });
        const grace = values.grace === undefined ? 0 : parseDurationSeconds(values.grace, '--grace');
        const { key, record, old } = await admin.rotateKey(requirePositional(positionals, 0, 'the key id'), grace);
        if (json) io.out(`${JSON.stringify({ key, api_key: keyView(record, now), replaced: keyView(old, now) })}\n`);
        else {
          const until = grace === 0 ? 'is revoked now' : `keeps working until ${old.revokedAt?.toISOString() ?? '?'}`;
          io.out(`${key}\n\nThis is the only time the new key is shown; store it now. Id ${record.id}, hint ${record.hint}.\nThe old key ${old.id} (${old.hint}) ${until}.\n`);
        }
        return;
      }
      throw new UsageError(action ? `unknown action "keys ${action}".` : 'missing action: create, list, revoke or rotate.');
    });
  },
};
