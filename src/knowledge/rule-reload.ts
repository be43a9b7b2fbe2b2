import { watch, type FSWatcher } from 'node:fs';
import type { Logger } from '../logger.js';
import { loadRules, type RuleBook } from './rule-book.js';
import { RuleFilesError, type RuleProblem } from './rule-problem.js';

/** What a reload did: replaced the rules, or kept the last good ones because of these problems. */
export interface RuleReloadResult {
  reloaded: boolean;
  problems: RuleProblem[];
}

/**
 * Loads `dir` again and, only if every file is valid, swaps the snapshot in `ruleBook`.
 * An invalid edit never reaches requests: the previous rules stay current and the report
 * (each problem with file, JSON path, what is wrong and the fix) is logged at error level and
 * returned. Never throws.
 */
export function reloadRuleBook(ruleBook: RuleBook, dir: string, logger: Logger): RuleReloadResult {
  try {
    const rules = loadRules(dir);
    ruleBook.replace(rules);
    logger.info('rules reloaded', { rules_dir: dir, loaded_at: rules.loadedAt.toISOString() });
    return { reloaded: true, problems: [] };
  } catch (error) {
    const problems: RuleProblem[] =
      error instanceof RuleFilesError
        ? [...error.problems]
        : [{ file: '(rules)', path: '$', message: error instanceof Error ? error.message : String(error), fix: 'Run `npx svc rules check` and correct the file it names.' }];
    logger.error('rules reload rejected; the last good rules stay in use', { rules_dir: dir, problems });
    return { reloaded: false, problems };
  }
}

export interface RuleReloadOptions {
  /** Also reload when a file under `dir` changes (development). */
  watch: boolean;
  /** Quiet period after the last change before reloading, so an editor's save is one reload. */
  debounceMs?: number;
}

/**
 * Reloads the rules on SIGHUP (production: `kill -HUP <pid>` or `npx svc rules reload --pid`)
 * and, with `watch`, on any change under `dir`. After the start and after each good reload it
 * precomputes every financial total in the background. Returns a function that removes both
 * listeners.
 */
export function installRuleReload(ruleBook: RuleBook, dir: string, logger: Logger, options: RuleReloadOptions): () => void {
  const warm = () => void ruleBook.current().knowledge.warmFinancialTotals();
  const reload = () => {
    if (reloadRuleBook(ruleBook, dir, logger).reloaded) warm();
  };
  warm();
  // Under `npm start` the server is a child of npm, which relays only SIGINT and
  // SIGTERM: SIGHUP must go to this pid, so it is logged.
  logger.info('rules reload armed', { pid: process.pid, signal: 'SIGHUP', watch: options.watch, rules_dir: dir });
  process.on('SIGHUP', reload);
  let watcher: FSWatcher | null = null;
  let timer: NodeJS.Timeout | null = null;
  if (options.watch) {
    watcher = watch(dir, { recursive: true }, () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(reload, options.debounceMs ?? 200);
    });
    watcher.on('error', (error) => logger.error('rules watch failed; reload with SIGHUP instead', { rules_dir: dir, error: error.message }));
    logger.info('watching the rules for changes', { rules_dir: dir });
  }
  return () => {
    process.off('SIGHUP', reload);
    if (timer) clearTimeout(timer);
    watcher?.close();
  };
}

/** Watch the rule files under `npm run dev`, or whenever RULES_WATCH=true. */
export function shouldWatchRules(env: Record<string, string | undefined>): boolean {
  return env.RULES_WATCH === 'true' || env.NODE_ENV === 'development' || env.npm_lifecycle_event === 'dev';
}
