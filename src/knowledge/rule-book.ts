import { join } from 'node:path';
import { loadCapabilityRegistry, type CapabilityRegistry } from '../capabilities/capability-registry.js';
import { INTENTS, loadLanguageTables, type LanguageTables } from '../language/language-tables.js';
import type { Knowledge } from './knowledge.js';
import { loadKnowledge } from './load-knowledge.js';
import { RuleFilesError, type RuleProblem } from './rule-problem.js';
import { TOPICS, type GeneralTopic } from './topics.js';
import { GENERAL_TEMPLATES } from '../answers/general-templates.js';
import { VISA_LIST_FACTS } from '../answers/country-parts.js';

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
  if (language && knowledge) problems.push(...unknownAnswerers(language, knowledge));
  if (problems.length > 0 || !capabilities || !language || !knowledge) throw new RuleFilesError(problems);
  return { capabilities, language, knowledge, loadedAt: new Date() };
}

/**
 * What asks.json declares as answering a kind must exist: a topic or intent name, or the id of a
 * fact in the rules (a renamed fact would otherwise silently stop answering, and every question
 * of that kind would get null). Every fact a fact cue names must be one its topic's answer writes.
 */
export function unknownAnswerers(language: LanguageTables, knowledge: Knowledge): RuleProblem[] {
  const names = new Set<string>(['*', 'sources', ...TOPICS, ...INTENTS]);
  const problems: RuleProblem[] = [];
  // The tables keep the kinds in file order, so the n-th kind is `kinds[n]` of asks.json.
  [...language.answeredBy.values()].forEach((answerers, index) => {
    for (const answerer of answerers) {
      if (names.has(answerer) || knowledge.fact(answerer) !== undefined) continue;
      problems.push({
        file: 'language/asks.json',
        path: `$.kinds[${index}].answered_by`,
        message: `"${answerer}" is neither a topic nor the id of a fact in the rules`,
        fix: 'Name a topic (fees), an intent (entry_ban) or an existing fact id (overstay.ban_length); after renaming a fact, rename it here too.',
      });
    }
  });
  // fact-cues.json and the other languages' fact_cues: a cue of a fact no template of its topic
  // writes would never be used, and a renamed fact would silently stop being asked for.
  const cued = [
    ...[...language.factCues.byTopic].flatMap(([topic, facts]) => [...facts.keys()].map((fact) => ({ file: 'language/fact-cues.json', path: `$.topics.${topic}.${fact}`, topic, fact }))),
    ...language.otherLanguages.factCueIds(),
  ];
  for (const { file, path, topic, fact } of cued) {
    const templates = GENERAL_TEMPLATES[topic as GeneralTopic] ?? [];
    if (templates.some((template) => template.fact === fact)) continue;
    // The visa lists are written by the visa-requirement answer itself (country-parts.ts).
    if (topic === 'visa_requirement' && (VISA_LIST_FACTS as readonly string[]).includes(fact)) continue;
    problems.push({
      file,
      path,
      message: `no answer of the topic ${topic} writes the fact "${fact}"`,
      fix: `Use a fact the topic's answer writes (${templates.map((template) => template.fact).join(', ') || 'none'}; src/answers/general-templates.ts); after renaming a fact, rename it here too.`,
    });
  }
  return problems;
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
