import { parseArgs } from 'node:util';
import { loadKnowledge } from '../../knowledge/load-knowledge.js';
import { RuleFilesError } from '../../knowledge/rule-problem.js';
import { calendarDateOf, DEFAULT_STALE_AFTER_DAYS, recordSourceCheck, SourceCheckError, staleSources, type SourceRef } from '../../knowledge/source-checks.js';
import type { CliCommand, CliIo } from '../command.js';

const USAGE = `Usage: svc sources verify <id> [--on YYYY-MM-DD] [--note <text>] [--dir <rules dir>] [--json]
       svc sources stale [--older-than 365d] [--dir <rules dir>] [--json]

verify  Records that you checked source <id> against the page today (or --on a past date):
        sets its last_checked_at in sources.json, keeps --note in the source's note, and gives
        every fact resting on it the date of the check of its sources (the oldest of them, once
        each has one; a fact with an undated source keeps its date). Refuses an unknown id, a
        future date or rules that do not pass "svc rules check"; then nothing is written.
stale   Lists the sources never checked and those last checked more than --older-than days
        ago (default ${DEFAULT_STALE_AFTER_DAYS}d), oldest first: the ones to check next.

--dir defaults to RULES_DIR, else ./rules. Exit codes: 0 done, 1 refused (nothing written),
2 usage error. See docs/rules-guide.md, "Keeping sources fresh".`;

/** `svc sources verify|stale`: the domain expert's freshness routine over sources.json. */
export const sourcesCommand: CliCommand = {
  name: 'sources',
  summary: 'Record a check of a source; list sources never or long ago checked',
  usage: USAGE,
  async run(args, io) {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        options: { dir: { type: 'string' }, json: { type: 'boolean' }, on: { type: 'string' }, note: { type: 'string' }, 'older-than': { type: 'string' } },
      });
    } catch (error) {
      io.err(`svc sources: ${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    const { values, positionals } = parsed;
    const [action, ...rest] = positionals;
    const dir = values.dir ?? io.env.RULES_DIR ?? 'rules';
    const json = values.json === true;
    const today = calendarDateOf(new Date());
    if (action === 'verify') {
      if (rest.length !== 1 || values['older-than'] !== undefined) {
        io.err(`svc sources verify: expected one source id${rest.length > 1 ? `, got "${rest.join(' ')}"` : ''}.\n${USAGE}\n`);
        return 2;
      }
      return verify(rest[0] ?? '', values.on ?? today, today, values.note, dir, json, io);
    }
    if (action === 'stale') {
      if (rest.length > 0 || values.on !== undefined || values.note !== undefined) {
        io.err(`svc sources stale: takes no id, --on or --note.\n${USAGE}\n`);
        return 2;
      }
      const days = parseDays(values['older-than'] ?? `${DEFAULT_STALE_AFTER_DAYS}d`);
      if (days === null) {
        io.err(`svc sources stale: --older-than must be a number of days such as 365d, got "${values['older-than'] ?? ''}".\n`);
        return 2;
      }
      return stale(dir, days, today, json, io);
    }
    io.err(`svc sources: expected "verify" or "stale"${action ? `, got "${[action, ...rest].join(' ')}"` : ''}.\n${USAGE}\n`);
    return 2;
  },
};

function verify(id: string, on: string, today: string, note: string | undefined, dir: string, json: boolean, io: CliIo): number {
  try {
    const result = recordSourceCheck(dir, id, on, today, note);
    if (json) {
      io.out(`${JSON.stringify({ ok: true, dir, ...result }, null, 2)}\n`);
    } else {
      io.out(`source ${result.id}: checked on ${result.on} (before: ${result.previous_checked_at ?? 'never'}).\n`);
      io.out(`files written: ${result.files.join(', ')}\n`);
      io.out(result.dated.length === 0 ? 'no fact changed its date (each still rests on a source nobody has dated, or already had this date or a later one).\n' : `facts dated: ${result.dated.length}\n${result.dated.map((d) => `  ${d.file} ${d.id} -> ${d.last_verified_at}`).join('\n')}\n`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof SourceCheckError)) throw error;
    if (json) io.out(`${JSON.stringify({ ok: false, dir, error: { message: error.message, fix: error.fix } }, null, 2)}\n`);
    io.err(`svc sources verify: ${error.message}\n  fix: ${error.fix}\n`);
    return 1;
  }
}

function stale(dir: string, days: number, today: string, json: boolean, io: CliIo): number {
  let knowledge;
  try {
    knowledge = loadKnowledge(dir, today);
  } catch (error) {
    if (!(error instanceof RuleFilesError)) throw error;
    io.err(`svc sources stale: the rules in ${dir} have problems; run "svc rules check --dir ${dir}".\n`);
    return 1;
  }
  const report = staleSources(knowledge.sources.list, today, days);
  if (json) {
    io.out(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const line = (s: SourceRef) => `  ${s.id.padEnd(44)} ${(s.last_checked_at ?? 'never').padEnd(10)} ${s.official ? 'official    ' : 'non-official'} ${s.url}`;
  io.out(`sources in ${dir} as of ${report.as_of}: ${report.sources} registered, ${report.never_checked.length} never checked, ${report.stale.length} last checked before ${report.checked_before} (more than ${days} days ago).\n`);
  if (report.never_checked.length > 0) io.out(`\nnever checked:\n${report.never_checked.map(line).join('\n')}\n`);
  if (report.stale.length > 0) io.out(`\nchecked more than ${days} days ago (oldest first):\n${report.stale.map(line).join('\n')}\n`);
  io.out(`\nAfter checking one against its page: svc sources verify <id> [--note "what you saw"]\n`);
  return 0;
}

/** "365d" or "365" → 365; anything else → null. */
function parseDays(text: string): number | null {
  const match = /^(\d{1,5})d?$/.exec(text.trim());
  if (!match) return null;
  const days = Number(match[1]);
  return days > 0 ? days : null;
}
