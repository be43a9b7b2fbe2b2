import type { LanguageTables } from './language-tables.js';
import { damerauLevenshtein, jaroWinklerSimilarity } from './natural-parts.js';

const SIMILARITY_FLOOR = 0.8;
/** A question with this many words of another language is not English: none of its words is corrected or inflected. */
const FOREIGN_QUESTION_WORDS = 2;

/**
 * Whether a question is written in another language: two or more of the `foreign_words` of
 * spelling.json ("quel visa pour quel pays"). Its words are then read as typed: spelling
 * correction and English inflection would turn them into places and topics they are not.
 */
export function isForeignQuestion(tables: LanguageTables, words: readonly string[]): boolean {
  let count = 0;
  for (const word of words) if (tables.spelling.foreign.has(word) && ++count >= FOREIGN_QUESTION_WORDS) return true;
  return false;
}

export interface SpellingCorrection {
  index: number;
  from: string;
  to: string;
  distance: number;
}

/**
 * Replaces a misspelt long word by the table word it is closest to ("frnace" → "france",
 * "documnets" → "documents"). Only words of at least `min_length` letters that no table and no
 * ordinary English word list knows are corrected, towards a table word with the same first
 * letter, within one edit (two from `long_word_length` letters), Damerau-Levenshtein from
 * natural, ties broken by Jaro-Winkler similarity then table order. A word of another language
 * ("genom") is never corrected, nor is any word of a question in another language. Pure:
 * returns new arrays.
 */
export function correctSpelling(tables: LanguageTables, words: readonly string[]): { words: string[]; corrections: SpellingCorrection[] } {
  const { known, candidates, minLength, longWordLength, foreign } = tables.spelling;
  const corrected = words.slice();
  const corrections: SpellingCorrection[] = [];
  if (isForeignQuestion(tables, words)) return { words: corrected, corrections };
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    if (word.length < minLength || known.has(word) || foreign.has(word) || !/^\p{L}+$/u.test(word)) continue;
    const byLength = candidates.get(word[0] ?? '');
    if (!byLength) continue;
    const maxDistance = word.length >= longWordLength ? 2 : 1;
    const possessiveOf = word.endsWith('s') ? word.slice(0, -1) : null;
    let best: { to: string; distance: number; similarity: number; possessive: boolean } | null = null;
    for (let length = word.length - maxDistance; length <= word.length + maxDistance; length++) {
      for (const candidate of byLength[length] ?? []) {
        // Jaro-Winkler is about twenty times cheaper than natural's Damerau-Levenshtein, and
        // every pair within two edits sharing its first letter scores well above this floor.
        const similarity = jaroWinklerSimilarity(word, candidate.word);
        if (similarity < SIMILARITY_FLOOR) continue;
        const distance = damerauLevenshtein(word, candidate.word);
        if (distance > maxDistance) continue;
        // "whats romanias rule": a possessive typed without its apostrophe is the word itself, not
        // its plural ("romanians"), whatever Jaro-Winkler prefers.
        const possessive = candidate.word === possessiveOf;
        const better = !best || distance < best.distance || (distance === best.distance && (possessive || (!best.possessive && similarity > best.similarity)));
        if (better) best = { to: candidate.word, distance, similarity, possessive };
      }
    }
    if (best) {
      corrected[i] = best.to;
      corrections.push({ index: i, from: word, to: best.to, distance: best.distance });
    }
  }
  return { words: corrected, corrections };
}
