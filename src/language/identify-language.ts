import { loadModule } from 'cld3-asm';

/**
 * The languages a question may be written in: English, whose tables are complete, and the eleven
 * languages of the applicants (issue 11) whose country names come from CLDR and whose own tables
 * are being written. A question in any other language is declined (`unsupported_language`).
 */
export const SUPPORTED_LANGUAGES = ['en', 'fr', 'es', 'de', 'it', 'pt', 'nl', 'pl', 'tr', 'ru', 'ar', 'zh'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];

export function isSupportedLanguage(code: string | null): code is SupportedLanguage {
  return code !== null && (SUPPORTED_LANGUAGES as readonly string[]).includes(code);
}

/**
 * The English words of a question: whether a word is one of the English tables, and the indexes
 * of the words English spelling correction changes (asked only when they can change the share).
 */
export interface EnglishWords {
  isWord(word: string): boolean;
  misspelt(): ReadonlySet<number>;
  /**
   * Two or more words of other languages (spelling.json `foreign_words`: "besoin", "pour"): the
   * question is not English, however many of its short words English also has ("ai-je besoin
   * d'un visa pour la Suisse ?": ai, je, d, un, la, suisse), so the English share does not decide it.
   */
  foreignQuestion?: boolean;
}

/** How much a word English spelling correction changes counts towards reading a question as English: "frnace" is English, but so would Spanish "alemania" be ("albania") if it counted whole. */
const MISSPELT_ENGLISH_WEIGHT = 0.5;

/**
 * Shares are ratios of word counts: a share equal to another may differ from it in the last bit
 * once multiplied back (0.6 × 5 = 3.0000000000000004). Comparisons that must not decide on that
 * allow this much.
 */
const SHARE_ROUNDING = 1e-9;

/** The language a question is read in, and why. */
export interface LanguageIdentification {
  /**
   * ISO 639-1 code of the question's language (`fr`, `hi`, `ja`...), or null when the text has
   * no letter to tell it by ("123?"); such text is read with the English tables.
   */
  language: string | null;
  /** Whether `language` is one of SUPPORTED_LANGUAGES (null counts as supported: nothing to decline). */
  supported: boolean;
  /** How it was decided, for the evidence. */
  rule: string;
}

/**
 * A question whose words are at least this share English table words ("visa", "schengen", the
 * ordinary English words of spelling.json; a misspelt one, "frnace", counts half) is English, whatever the
 * detector says: CLD3 is weak on short English questions naming German or Dutch places. No
 * question of the eleven other languages' dev corpora reaches 0.7.
 */
const ENGLISH_WORD_SHARE = 0.75;
/**
 * Under this many letters CLD3 is no judge of an unsupported language ("lol" → Ukrainian,
 * "pizza" → Serbian): its verdict then stands only when it names a supported language; short
 * text that is half English words is English, and other short text is left unidentified.
 */
const SHORT_TEXT_LETTERS = 20;
const SHORT_ENGLISH_WORD_SHARE = 0.5;
/**
 * A supported language whose own file holds at least this share of the question's words, and
 * OWN_WORD_MARGIN more than the language CLD3 names, is the question's language.
 */
const OWN_WORD_SHARE = 0.6;
const OWN_WORD_MARGIN = 0.2;
/** The margin when CLD3 itself calls its guess unreliable ("Quanto tempo demora o visto Schengen?" → Italian, 0.46). */
const OWN_WORD_MARGIN_UNRELIABLE = 0.1;

/**
 * Google's CLD3 (a small neural network over character n-grams, 107 languages) compiled to
 * WebAssembly by cld3-asm. Loaded once when this module is first imported (about 20 ms and
 * 17 MB of WebAssembly memory, of which few pages are touched), then called synchronously.
 * Chosen over eld, tinyld and franc for its memory (see docs/understanding.md).
 */
const detector = (await loadModule()).create(0, 1000);

/**
 * CLD3's old codes → ISO 639-1 (Hebrew, Javanese), and Galician → Portuguese: CLD3 calls short
 * Portuguese questions Galician ("Quanto custa o visto Schengen?": 5 of the 44 Portuguese dev
 * questions), and a Galician question is understood well enough by the Portuguese tables.
 */
const CLD3_CODES: Readonly<Record<string, string>> = { iw: 'he', jw: 'jv', gl: 'pt' };

/** Letters that decide the language by their script alone. */
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;
const ARABIC = /\p{Script=Arabic}/u;
/**
 * Letters of the Arabic script that Arabic itself does not use: Persian پ چ ژ گ ک ی, Urdu ٹ ڈ ڑ ں
 * ہ ھ ے, Kurdish and Pashto ە ێ ڵ ۆ ړ ښ. Text in Arabic script without any of them is Arabic: CLD3
 * calls short or dialectal Arabic Persian ("شروط استخراج فيزا شنغن من مصر ايه؟" → fa).
 */
const NOT_ARABIC_LETTERS = /[پچژگکیٹڈڑںہھےەێڵۆړښ]/u;
/**
 * Letters only Turkish (and Azerbaijani, which also writes ə) uses among the Latin alphabets: ğ
 * and dotless ı. CLD3 calls short unaccented Turkish Sundanese, Basque or Danish.
 */
const TURKISH_LETTERS = /[ğı]/u;
/** The languages CLD3 names for text in Arabic script. */
const ARABIC_SCRIPT_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'fa', 'ur', 'ps', 'ku', 'sd', 'ug']);
/** Scripts some supported language is written in (Latin, Cyrillic, Arabic; Han is counted apart). */
const OUR_SCRIPTS = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Arabic}]/u;
const LETTER = /\p{L}/u;

/**
 * Identifies the language of a question. In order:
 * - no letter → null; any kana → Japanese; mostly Hangul → Korean;
 * - mostly Han characters, or two or more and as many as the Latin words (and no kana) → Chinese;
 * - mostly letters of a script none of ours is written in (Devanagari, Greek, Thai...) → declined,
 *   named by CLD3;
 * - mostly Latin, with at least ENGLISH_WORD_SHARE of English table words → English;
 * - Turkish's own letters (ğ, dotless ı) → Turkish;
 * - a supported language whose own file holds OWN_WORD_SHARE of the words and OWN_WORD_MARGIN
 *   more than any other → that language, without CLD3 (the rules below would choose it too);
 * - otherwise CLD3, then: text mostly in Arabic script without a letter only other languages
 *   write, which CLD3 reliably calls a language of that script (Persian, for dialectal Arabic), is
 *   Arabic; the supported language whose own file holds OWN_WORD_SHARE of the words, OWN_WORD_MARGIN
 *   more than CLD3's choice, wins; a supported language CLD3 names stands (on short text only when
 *   CLD3 calls it reliable); short text at least SHORT_ENGLISH_WORD_SHARE English words is English;
 *   another language (`hi`, `sw`, `ro`...) stands when CLD3 calls it reliable on text that is not
 *   short; anything else is null (too short or unclear to tell), read with the English tables but
 *   without spelling correction;
 * - last, a language other than English whose own file (`ownWords`: its words as typed) holds no
 *   word of the question is not decided: the text is unclear.
 * `words` are the question's normalised words as typed and `englishWords` tells which are English
 * (a word of the English tables, or half for a word only English spelling correction reads as one).
 * Pure and deterministic (CLD3 is); never throws.
 */
export function identifyLanguage(
  text: string,
  words: readonly string[],
  englishWords: EnglishWords,
  ownWords: (language: string) => ReadonlySet<string> | undefined = () => undefined,
): LanguageIdentification {
  const identified = identifyByScriptAndDetector(text, words, englishWords, ownWords);
  // "خطؤآ ء" is Arabic to CLD3, but not one word of it is a word of the Arabic tables: text
  // that names nothing the tables know is not read through them (nor its stems matched).
  const own = identified.language && identified.language !== 'en' && identified.supported ? ownWords(identified.language) : undefined;
  if (own && !words.some((word) => own.has(word))) {
    return { language: null, supported: true, rule: `${identified.rule}, but no word of the ${identified.language} tables: unclear, read with the English tables, uncorrected` };
  }
  return identified;
}

function identifyByScriptAndDetector(
  text: string,
  words: readonly string[],
  englishWords: EnglishWords,
  ownWords: (language: string) => ReadonlySet<string> | undefined,
): LanguageIdentification {
  let letters = 0;
  let latin = 0;
  let han = 0;
  let hangul = 0;
  let kana = 0;
  let foreignScript = 0;
  let arabic = 0;
  let latinWords = 0;
  let inLatinWord = false;
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 0x80) {
      // ASCII, nearly every character of most questions: no regular expression needed.
      const isLetter = (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
      if (isLetter) {
        letters++;
        latin++;
        if (!inLatinWord) latinWords++;
      }
      inLatinWord = isLetter;
      continue;
    }
    if (!LETTER.test(char)) {
      inLatinWord = false;
      continue;
    }
    letters++;
    const isLatin = LATIN.test(char);
    if (isLatin && !inLatinWord) latinWords++;
    inLatinWord = isLatin;
    if (isLatin) latin++;
    else if (ARABIC.test(char)) arabic++;
    else if (KANA.test(char)) kana++;
    else if (HAN.test(char)) han++;
    else if (HANGUL.test(char)) hangul++;
    else if (!OUR_SCRIPTS.test(char)) foreignScript++;
  }
  if (letters === 0) return { language: null, supported: true, rule: 'no letter to tell the language by' };
  if (kana > 0) return decided('ja', 'Japanese kana');
  if (hangul * 2 > letters) return decided('ko', 'mostly Hangul');
  if (han * 2 > letters) return decided('zh', 'mostly Chinese characters, no kana');
  // "ETIAS要花多少钱", "Schengen簽證要準備什麼": a Latin word or two in a Chinese sentence.
  if (han >= 2 && han >= latinWords) return decided('zh', 'Chinese characters, as many as the Latin words or more, no kana');
  if (foreignScript * 2 > letters) {
    // Devanagari, Greek, Thai, Hebrew...: no supported language is written so; CLD3 only names it.
    const found = detector.findLanguage(text).language;
    const named = CLD3_CODES[found] ?? found;
    const language = named === 'und' || isSupportedLanguage(named) ? null : named;
    return { language, supported: false, rule: 'mostly letters of a script none of the supported languages is written in' };
  }
  const short = letters < SHORT_TEXT_LETTERS;
  const shares = ownWordShares(words, ownWords);
  const [best, second] = [...shares].sort((a, b) => b[1] - a[1]);
  // A language whose own file holds OWN_WORD_SHARE of the words and OWN_WORD_MARGIN more than any
  // other wins below whatever CLD3 names (the rules after it give the same language), so CLD3, a
  // third of the reading's time, is not asked: 96 % of the other languages' dev questions.
  const ownWordsWin = best && best[1] >= OWN_WORD_SHARE && best[1] >= (second?.[1] ?? 0) + OWN_WORD_MARGIN && (arabic * 2 <= letters || best[0] === 'ar') ? best : undefined;
  const share = latin * 2 > letters && englishWords.foreignQuestion !== true ? englishShare(words, englishWords, short ? SHORT_ENGLISH_WORD_SHARE : ENGLISH_WORD_SHARE, ownWordsWin?.[1]) : 0;
  const english = `${Math.round(share * 100)} % of the words are English table words`;
  // Short text too: "How do I apply for a visa?" is all English words, whatever CLD3 makes of it
  // (Portuguese); unless another language's own words hold more of it ("Quanto costa un visto
  // Schengen per venire in Italia?": 78 % English table words, all of them Italian ones).
  if (share >= ENGLISH_WORD_SHARE && !(best && best[1] > share)) return decided('en', english);
  if (TURKISH_LETTERS.test(text) && !text.includes('ə')) return decided('tr', 'Turkish letters (ğ, dotless ı)');
  if (ownWordsWin) {
    return decided(ownWordsWin[0], `${Math.round(ownWordsWin[1] * 100)} % of the words are words of the ${ownWordsWin[0]} tables, ${OWN_WORD_MARGIN * 100} points more than any other language's`);
  }
  const result = detector.findLanguage(text);
  // CLD3 writes a few codes its own way: Hebrew `iw`, Javanese `jw`, romanised Chinese `zh-Latn`...
  const code = CLD3_CODES[result.language] ?? result.language;
  const verdict = `CLD3 (${code}, probability ${result.probability.toFixed(2)}${result.is_reliable ? '' : ', unreliable'})`;
  if (arabic * 2 > letters && result.is_reliable && ARABIC_SCRIPT_LANGUAGES.has(code) && !NOT_ARABIC_LETTERS.test(text)) {
    return decided('ar', `mostly Arabic script, none of the letters only Persian, Urdu, Kurdish or Pashto write; ${verdict}`);
  }
  // CLD3 confuses neighbours on short questions ("¿Qué pasa si me quedo más de 90 días en España?"
  // → Portuguese, "Quand introduire la demande de visa ?" → Catalan): the language whose own
  // tables hold clearly more of the question's words wins.
  const margin = result.is_reliable ? OWN_WORD_MARGIN : OWN_WORD_MARGIN_UNRELIABLE;
  if (best && best[0] !== code && best[1] >= OWN_WORD_SHARE && best[1] >= (shares.get(code) ?? 0) + margin) {
    return decided(best[0], `${Math.round(best[1] * 100)} % of the words are words of the ${best[0]} tables; ${verdict}`);
  }
  // "виза в болгарию нужна?": too short for CLD3 to be sure, but its guess is the language whose
  // own tables hold most of the words.
  if (best && best[0] === code && short && !result.is_reliable && best[1] >= OWN_WORD_SHARE) {
    return decided(code, `${Math.round(best[1] * 100)} % of the words are words of the ${code} tables, as CLD3 guesses; ${verdict}`);
  }
  if (isSupportedLanguage(code) && (!short || result.is_reliable)) return decided(code, verdict);
  if (short && share >= SHORT_ENGLISH_WORD_SHARE) return decided('en', `${english} (short text; ${verdict})`);
  if (!isSupportedLanguage(code) && code !== 'und' && !short && result.is_reliable) return decided(code, verdict);
  return { language: null, supported: true, rule: `${verdict}: too short or unclear to tell, read with the English tables, uncorrected` };
}

/**
 * The share of the question's words (letters only) that are words of each supported language's
 * own file, for the languages `ownWords` gives.
 */
function ownWordShares(words: readonly string[], ownWords: (language: string) => ReadonlySet<string> | undefined): Map<string, number> {
  const lettered = words.filter((word) => /^\p{L}+$/u.test(word));
  const shares = new Map<string, number>();
  if (lettered.length === 0) return shares;
  for (const language of SUPPORTED_LANGUAGES) {
    if (language === 'en') continue;
    const own = ownWords(language);
    if (own) shares.set(language, lettered.filter((word) => own.has(word)).length / lettered.length);
  }
  return shares;
}

/** The language a client states in the `language` hint: it wins over what the text looks like. */
export function hintedLanguage(code: string): LanguageIdentification {
  return decided(code, 'the language hint of the request');
}

function decided(language: string, rule: string): LanguageIdentification {
  return { language, supported: isSupportedLanguage(language), rule };
}

/**
 * The share of the words (letters only, digits and codes aside) that are English: a word of the
 * English tables counts 1, a word spelling correction changes MISSPELT_ENGLISH_WEIGHT. The
 * corrections are asked for only when they could lift the share to `needed`, and to `toBeat` (the
 * share of the language whose own words win when English does not); otherwise the share of table
 * words is exact enough (it stays under every threshold either way). English spelling correction
 * is the dearest step of reading a question in another language.
 */
function englishShare(words: readonly string[], english: EnglishWords, needed: number, toBeat = 0): number {
  const lettered: number[] = [];
  let known = 0;
  words.forEach((word, index) => {
    if (!/^\p{L}+$/u.test(word)) return;
    lettered.push(index);
    if (english.isWord(word)) known++;
  });
  if (lettered.length === 0) return 0;
  const unknown = lettered.length - known;
  const mostPossible = known + unknown * MISSPELT_ENGLISH_WEIGHT;
  if (unknown === 0 || mostPossible < needed * lettered.length || mostPossible < toBeat * lettered.length - SHARE_ROUNDING) return known / lettered.length;
  const misspelt = english.misspelt();
  const corrected = lettered.filter((index) => !english.isWord(words[index] ?? '') && misspelt.has(index)).length;
  return (known + corrected * MISSPELT_ENGLISH_WEIGHT) / lettered.length;
}
