import { z } from 'zod';
import { isValidRegex } from '../lib/is-valid-regex.js';

/*
 * The pieces every language table file's schema is built from (language-tables.ts for the English
 * files, other-language-tables.ts for the others, fact-cues.ts for the fact cues), written once so
 * that a phrase, a regular expression or a country code is checked, and explained, the same way in
 * every file.
 */

/** A word or phrase as typed in a table: trimmed, 1 to 80 characters. */
export const phrase = z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters');
export const phraseList = z.array(phrase);
/** The source of a JavaScript regular expression (a question form, an intent pattern). */
export const regexSource = z.string().refine(isValidRegex, 'must be a valid JavaScript regular expression');
export const isoCode = z.string().regex(/^[A-Z]{2}$/, 'must be an upper-case ISO 3166-1 alpha-2 code such as FR');
