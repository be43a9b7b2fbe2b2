import { SUPPORTED_LANGUAGES, type SupportedLanguage } from './identify-language.js';
import { spellingCandidates, type CountryInfo, type CountryTerm, type LanguageTables } from './language-tables.js';
import { PhraseIndex } from './phrase-index.js';
import { phraseWords } from './tokenize-question.js';

/** What reading a question of one language changes: the country names it may use. */
export interface LanguageCountryNames {
  /** The English terms (names, endonyms, demonyms, cities) plus the CLDR names in this language. */
  countryTerms: PhraseIndex<CountryTerm>;
  /**
   * For Chinese, written without spaces: every CLDR name, longest first, so that a name is cut
   * out of the text as one word before the rest is segmented (Intl.Segmenter splits "比利时" in
   * context). Names are single words ("德国"), so the segmenter and its dictionary load only
   * with the first Chinese question.
   */
  namePattern: RegExp | null;
  /**
   * Spelling correction for a question of this language: towards the words of its own CLDR
   * country names only ("Francji" → "francja", "Polski" → "polska"), never towards English words.
   */
  spelling: LanguageTables['spelling'];
}

/** The non-English languages whose country names are added from CLDR. */
export type OtherLanguage = Exclude<SupportedLanguage, 'en'>;

/**
 * For each supported language but English, the country names of CLDR (the data of Node's full
 * ICU, `Intl.DisplayNames`) for every country the English tables know (the 29 Schengen states,
 * the non-members and the nationalities), in their long form and, when it is a word of at least
 * four letters, their short one ("Британия"). They are added to the English terms, which stay
 * valid in any language ("Schengen visa Deutschland"). A CLDR name whose words the English terms
 * already give to another country is left out: the English tables, reviewed by hand, win.
 *
 * A language's names are built at its first question and kept with this rules snapshot: ICU's
 * display-name data costs about 7 MB of resident memory and a few milliseconds per language, which
 * a server that only ever reads English questions never pays (docs/performance.md).
 */
export class CountryNamesByLanguage {
  private readonly built = new Map<OtherLanguage, LanguageCountryNames>();

  constructor(
    private readonly englishTerms: PhraseIndex<CountryTerm>,
    private readonly countries: ReadonlyMap<string, CountryInfo>,
    private readonly englishSpelling: LanguageTables['spelling'],
  ) {}

  /** The country names of `language`, built on its first question; undefined for English or an unsupported code. */
  get(language: string): LanguageCountryNames | undefined {
    if (!isOtherLanguage(language)) return undefined;
    let names = this.built.get(language);
    if (!names) {
      names = compileCountryNames(language, this.englishTerms, this.countries, this.englishSpelling);
      this.built.set(language, names);
    }
    return names;
  }
}

function isOtherLanguage(language: string): language is OtherLanguage {
  return language !== 'en' && (SUPPORTED_LANGUAGES as readonly string[]).includes(language);
}

function compileCountryNames(
  language: OtherLanguage,
  englishTerms: PhraseIndex<CountryTerm>,
  countries: ReadonlyMap<string, CountryInfo>,
  englishSpelling: LanguageTables['spelling'],
): LanguageCountryNames {
  const long = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  const short = new Intl.DisplayNames([language], { type: 'region', style: 'short', fallback: 'none' });
  const countryTerms = new PhraseIndex<CountryTerm>(englishTerms);
  const names: string[] = [];
  for (const info of countries.values()) {
    const abbreviation = short.of(info.code);
    // Short forms are kept only when they are words ("Британия"), not abbreviations ("R.-U.", "RU").
    const forms = new Set([long.of(info.code), abbreviation !== undefined && /^[\p{L}\p{M} ]{4,}$/u.test(abbreviation) ? abbreviation : undefined].filter((name) => name !== undefined));
    for (const name of forms) {
      const words = phraseWords(name);
      const taken = englishTerms.matchAt(words, 0);
      if (taken && taken.end === words.length && taken.values.some((term) => term.code !== info.code)) continue;
      countryTerms.add(words, { code: info.code, scope: info.scope, kind: 'name', plural: false, ordinary: false });
      names.push(name);
    }
  }
  const namePattern = language === 'zh' ? new RegExp(names.sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'gu') : null;
  const nameWords = new Set(names.flatMap(phraseWords));
  return { countryTerms, namePattern, spelling: nameSpelling(nameWords, englishSpelling) };
}

/**
 * Correction towards the name words only, with the English lengths and distances. The foreign
 * words of spelling.json stay as they are: score-intents reads them to keep English inflection
 * away from other languages.
 */
function nameSpelling(nameWords: ReadonlySet<string>, english: LanguageTables['spelling']): LanguageTables['spelling'] {
  return { minLength: english.minLength, longWordLength: english.longWordLength, known: nameWords, candidates: spellingCandidates(nameWords, english.minLength), foreign: english.foreign };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
