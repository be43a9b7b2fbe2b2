import { wordTokenizer } from './natural-parts.js';
import { normalizeWord } from './normalize-text.js';

/** One word of a question: as typed (`raw`, for codes such as "FR") and normalised (`word`). */
export interface Token {
  raw: string;
  word: string;
}

/**
 * A country's letters before a dollar sign name a currency ("US$8", "A$ 20", "C$50"), not a
 * place: they are dropped with the sign, so "US" is no destination.
 */
const CURRENCY_PREFIX = /\b[A-Z]{1,3}\$(?=\s?\d)/g;

/**
 * Splits text into words with natural's tokenizer and normalises each one. Tables and questions
 * both go through here, so a table phrase matches exactly the words a question would produce.
 */
export function tokenizeText(text: string): Token[] {
  return wordTokenizer.tokenize(text.replace(CURRENCY_PREFIX, '$')).map((raw) => ({ raw, word: normalizeWord(raw) }));
}

/** The normalised words of a table phrase ("Czech Republic" → ["czech", "republic"]). */
export function phraseWords(phrase: string): string[] {
  return tokenizeText(phrase).map((token) => token.word);
}

/**
 * Splits Chinese text, written without spaces, into words: every name `names` matches (the CLDR
 * country names, longest first) is one word, then the text between them is segmented with
 * Intl.Segmenter (ICU's dictionary). Names are cut first because the segmenter splits some of
 * them in context ("去比利时" gives 比利 | 时). Other scripts inside the text ("FR", "10") come
 * out as their own words, as tokenizeText gives them.
 */
export function tokenizeChinese(text: string, names: RegExp | null): Token[] {
  const tokens: Token[] = [];
  let from = 0;
  for (const match of names ? text.matchAll(names) : []) {
    tokens.push(...segmentChinese(text.slice(from, match.index)), ...tokenizeText(match[0]));
    from = match.index + match[0].length;
  }
  tokens.push(...segmentChinese(text.slice(from)));
  return tokens;
}

let chineseSegmenter: Intl.Segmenter | undefined;

function segmentChinese(text: string): Token[] {
  // Created with the first Chinese question: its dictionary costs about 3 MB of resident memory.
  chineseSegmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  const tokens: Token[] = [];
  for (const segment of chineseSegmenter.segment(text)) if (segment.isWordLike) tokens.push(...tokenizeText(segment.segment));
  return tokens;
}
