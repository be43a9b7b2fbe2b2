import { loadCapabilityRegistry } from '../../src/capabilities/capability-registry.js';
import { loadLanguageTables } from '../../src/language/language-tables.js';

/** The real tables and capability registry of ./rules, loaded once per test file. */
export const tables = loadLanguageTables('rules/language');
export const capabilities = loadCapabilityRegistry('rules/capabilities.json');
