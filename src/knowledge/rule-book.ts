import { join } from 'node:path';
import { loadCapabilityRegistry, type CapabilityRegistry } from '../capabilities/capability-registry.js';
import { loadLanguageTables, type LanguageTables } from '../language/language-tables.js';
import type { Knowledge } from './knowledge.js';
import { loadKnowledge } from './load-knowledge.js';

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

/** Loads and validates every rule file under `dir`. Throws on the first invalid file. */
export function loadRules(dir: string): LoadedRules {
  return {
    capabilities: loadCapabilityRegistry(join(dir, 'capabilities.json')),
    language: loadLanguageTables(join(dir, 'language')),
    knowledge: loadKnowledge(dir),
    loadedAt: new Date(),
  };
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
