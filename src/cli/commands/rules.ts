import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCapabilityRegistry } from '../../capabilities/capability-registry.js';
import { checkKnowledge, loadKnowledge } from '../../knowledge/load-knowledge.js';
import { formatRuleProblems, type RuleProblem } from '../../knowledge/rule-problem.js';
import { LANGUAGE_FILES, loadLanguageTables } from '../../language/language-tables.js';
import { collectProblems, unknownAnswerers } from '../../knowledge/rule-book.js';
import type { CliCommand, CliIo } from '../command.js';

const USAGE = `Usage: svc rules check [--dir <rules dir>] [--json]
       svc rules reload --pid <server pid> [--dir <rules dir>] [--json]

check   Validates every rule file (schemas, unique ids, source references, the 29 states
        covered, day bands, dates) and prints each problem with the file, the JSON path,
        what is wrong and how to fix it. Exits 0 when valid, 1 on any problem.
reload  Checks the files, then asks the running server to reload them (SIGHUP). An invalid
        edit is not sent; the server would keep its last good rules anyway. The server pid is
        in its "rules reload armed" log line (under npm start, not the pid of npm).

--dir defaults to RULES_DIR, else ./rules. See docs/rules-guide.md.`;

/** The report of `svc rules check`, also the --json document. */
export interface RulesCheckReport {
  ok: boolean;
  dir: string;
  files: number;
  problems: RuleProblem[];
}

/** Checks every part of a rules directory: the knowledge files, the capability registry and the language tables. */
export function checkRulesDirectory(dir: string): RulesCheckReport {
  const { problems, files } = checkKnowledge(dir);
  const all = [...problems];
  collectProblems(all, () => loadCapabilityRegistry(join(dir, 'capabilities.json')));
  const language = collectProblems(all, () => loadLanguageTables(join(dir, 'language')));
  // What asks.json declares as answering a kind must name a topic or a fact the knowledge holds.
  const knowledge = problems.length === 0 && language ? collectProblems(all, () => loadKnowledge(dir)) : undefined;
  if (language && knowledge) all.push(...unknownAnswerers(language, knowledge));
  return { ok: all.length === 0, dir, files: files + 1 + LANGUAGE_FILES.length, problems: all };
}

function printReport(report: RulesCheckReport, json: boolean, io: CliIo): void {
  if (json) {
    io.out(`${JSON.stringify(report, null, 2)}\n`);
  } else if (report.ok) {
    io.out(`rules in ${report.dir}: ${report.files} files checked, no problems.\n`);
  } else {
    io.out(`rules in ${report.dir}: ${report.problems.length} problem(s):\n${formatRuleProblems(report.problems)}\n`);
  }
}

/** `svc rules check|reload`: the domain expert's check and the operator's reload. */
export const rulesCommand: CliCommand = {
  name: 'rules',
  summary: 'Check the rule files; ask a running server to reload them',
  usage: USAGE,
  async run(args, io) {
    let parsed;
    try {
      parsed = parseArgs({ args, allowPositionals: true, options: { dir: { type: 'string' }, json: { type: 'boolean' }, pid: { type: 'string' } } });
    } catch (error) {
      io.err(`svc rules: ${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    const { values, positionals } = parsed;
    const [action, ...rest] = positionals;
    if ((action !== 'check' && action !== 'reload') || rest.length > 0) {
      io.err(`svc rules: expected "check" or "reload"${action ? `, got "${[action, ...rest].join(' ')}"` : ''}.\n${USAGE}\n`);
      return 2;
    }
    const dir = values.dir ?? io.env.RULES_DIR ?? 'rules';
    const json = values.json === true;
    if (action === 'reload' && (values.pid === undefined || !/^\d+$/.test(values.pid))) {
      io.err('svc rules reload: --pid <server pid> is required (the process id of the running server).\n');
      return 2;
    }
    const report = checkRulesDirectory(dir);
    printReport(report, json, io);
    if (!report.ok) return 1;
    if (action === 'reload') {
      const pid = Number(values.pid);
      try {
        process.kill(pid, 'SIGHUP');
      } catch (error) {
        io.err(`svc rules reload: could not signal process ${pid}: ${(error as Error).message}\n`);
        return 1;
      }
      if (!json) io.out(`sent SIGHUP to ${pid}; the server logs "rules reloaded" when done.\n`);
    }
    return 0;
  },
};
