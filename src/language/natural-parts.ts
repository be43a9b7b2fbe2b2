import { createRequire } from 'node:module';

/*
 * The parts of `natural` the pipeline uses, loaded one module at a time: importing the package
 * root pulls in WordNet, classifiers and database clients (about 1.3 s and log noise at start),
 * while these modules load in about 15 ms.
 */
const require = createRequire(import.meta.url);

interface Tokenizer {
  tokenize(text: string): string[];
}
interface RegexpTokenizerModule {
  RegexpTokenizer: new (options: { pattern: RegExp; gaps?: boolean }) => Tokenizer;
}
interface DistanceModule {
  DamerauLevenshteinDistance(source: string, target: string, options?: { restricted?: boolean }): number;
}
type JaroWinkler = (s1: string, s2: string, options?: { ignoreCase?: boolean }) => number;

const { RegexpTokenizer } = require('natural/lib/natural/tokenizers/regexp_tokenizer.js') as RegexpTokenizerModule;
const distance = require('natural/lib/natural/distance/levenshtein_distance.js') as DistanceModule;
const jaroWinkler = require('natural/lib/natural/distance/jaro-winkler_distance.js') as JaroWinkler;

/**
 * natural's RegexpTokenizer splitting on anything that is not a letter, a combining mark or a
 * digit in any script, so "España", "Österreich", "Ελλάδα" and "फ्रांस" (whose vowel signs are
 * marks) stay whole (natural's WordTokenizer keeps ASCII and
 * Cyrillic letters only). Punctuation, apostrophes and hyphens separate words: "90/180" gives
 * "90" and "180", "self-employed" gives "self" and "employed".
 */
export const wordTokenizer: Tokenizer = new RegexpTokenizer({ pattern: /[^\p{L}\p{M}\p{N}]+/u });

/** natural's Damerau-Levenshtein distance (a transposition counts as one edit). */
export function damerauLevenshtein(source: string, target: string): number {
  return distance.DamerauLevenshteinDistance(source, target);
}

/** natural's Jaro-Winkler similarity, 0 (nothing shared) to 1 (equal). */
export function jaroWinklerSimilarity(a: string, b: string): number {
  return jaroWinkler(a, b);
}

/** The languages natural has a stop-word list for (natural/lib/natural/util/stopwords*.js). */
export const STOPWORD_LANGUAGES = ['en', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'ru', 'zh'] as const;
export type StopwordLanguage = (typeof STOPWORD_LANGUAGES)[number];

/** natural's stop words of a language: the function words that ask for nothing ("the", "de", "的"). */
export function stopwordsOf(language: StopwordLanguage): readonly string[] {
  const file = language === 'en' ? 'stopwords.js' : `stopwords_${language}.js`;
  return (require(`natural/lib/natural/util/${file}`) as { words: string[] }).words;
}
