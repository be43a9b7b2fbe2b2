import { wordTokenizer } from './natural-parts.js';
import { normalizeWord } from './normalize-text.js';

/** One word of a question: as typed (`raw`, for codes such as "FR") and normalised (`word`). */
export interface Token {
  raw: string;
  word: string;
}

/**
 * Splits text into words with natural's tokenizer and normalises each one. Tables and questions
 * both go through here, so a table phrase matches exactly the words a question would produce.
 */
export function tokenizeText(text: string): Token[] {
  return wordTokenizer.tokenize(text).map((raw) => ({ raw, word: normalizeWord(raw) }));
}

/** The normalised words of a table phrase ("Czech Republic" → ["czech", "republic"]). */
export function phraseWords(phrase: string): string[] {
  return tokenizeText(phrase).map((token) => token.word);
}
