import { join } from 'node:path';
import { loadCapabilityRegistry, type CapabilityRegistry } from '../capabilities/capability-registry.js';
import { loadLanguageTables, type LanguageTables } from '../language/language-tables.js';
import type { Knowledge } from './knowledge.js';
import { loadKnowledge } from './load-knowledge.js';
import { RuleFilesError, type RuleProblem } from './rule-problem.js';

/** Everything loaded from `rules/`, validated, and read-only while it is current. */
export interface LoadedRules {
  capabilities: CapabilityRegistry;
  /** The language tables of rules/language, compiled for POST /classify, /route and /answer. */
  language: LanguageTables;
  /** Countries, requirements, financial rules, general rules and the source registry (rules/ minus capabilities and language). */
  knowledge: Knowledge;
  /** When this snapshot was loaded. */
  loadedAt: Date;
}

/**
 * Loads and validates every rule file under `dir`: the capability registry, the language tables
 * and the knowledge files. Throws one RuleFilesError listing the problems of all three parts.
 */
export function loadRules(dir: string): LoadedRules {
  const problems: RuleProblem[] = [];
  const capabilities = collectProblems(problems, () => loadCapabilityRegistry(join(dir, 'capabilities.json')));
  const language = collectProblems(problems, () => loadLanguageTables(join(dir, 'language')));
  const knowledge = collectProblems(problems, () => loadKnowledge(dir));
  if (problems.length > 0 || !capabilities || !language || !knowledge) throw new RuleFilesError(problems);
  return { capabilities, language, knowledge, loadedAt: new Date() };
}

/** Runs one loader; its RuleFilesError problems are added to `problems` (any other error is thrown). */
export function collectProblems<T>(problems: RuleProblem[], load: () => T): T | undefined {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof RuleFilesError)) throw error;
    problems.push(...error.problems);
    return undefined;
  }
}

/**
 * Holds the current rules. Requests read `current()` once and work on that snapshot, so a
 * reload never changes the rules under a request in flight.
 */
export class RuleBook {
  private rules: LoadedRules;

  constructor(initial: LoadedRules) {
    this.rules = initial;
  }

  current(): LoadedRules {
    return this.rules;
  }

  replace(rules: LoadedRules): void {
    this.rules = rules;
  }
}
