import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { problemsFromZod, type RuleProblem } from '../knowledge/rule-problem.js';
import type { LanguageCountryNames, OtherLanguage } from './country-names.js';
import { SUPPORTED_LANGUAGES } from './identify-language.js';
import { FactCuesSchema } from './fact-cues.js';
import { checkOriginFrom, compileLanguageTables, type CountryTerm, type LanguageTableFiles, type LanguageTables } from './language-tables.js';
import { PhraseIndex } from './phrase-index.js';
import { isoCode, phraseList, regexSource } from './table-schemas.js';
import { phraseWords, tokenizeChinese } from './tokenize-question.js';

/*
 * The tables of the applicants' languages (issue 11): one file per language,
 * rules/language/<code>.json, beside the English tables. A question identified as French is read
 * with rules/language/fr.json alone (its intent cues, question forms, purposes, durations and
 * profile words), never through English phrases ("pays" is no "pay"), and with the country names
 * of English, of CLDR in French and of the file. What answers each kind of question (asks.json
 * `answered_by`), the intents' operations and the thresholds stay in the English files, shared by
 * every language: the facts are the same whatever the language of the question.
 */

/** As a signal group of intents.json: a weight, phrases, and the same optional conditions (see score-intents.ts). */
const weightedPhrases = z.array(
  z.strictObject({ weight: z.number().min(0.5).max(10), phrases: phraseList.min(1), unless_held: z.boolean().optional(), before_schengen_state: z.boolean().optional() }),
);

const WordFormsSchema = z.strictObject({
  /** natural's Porter stemmer of the language (fr es de it pt nl ru); the other fields are then unused. */
  natural_stemmer: z.boolean(),
  /** Letters replaced before anything else (Arabic ة → ه, ى → ي). */
  letters: z.record(z.string().length(1), z.string().max(1)).default({}),
  /** One of these is taken off the front of a word (Arabic "ال", "وال"), the longest that leaves min_stem letters. */
  prefixes: z.array(z.string().min(1)).default([]),
  /** Endings taken off, the longest first, again and again while min_stem letters remain (Polish "ami", Turkish "ler"). */
  suffixes: z.array(z.string().min(1)).default([]),
  min_stem: z.number().int().min(2).max(8).default(3),
  /** Words are cut at this many letters after the endings are off (0: never). */
  max_length: z.number().int().min(0).max(12).default(0),
});
export type WordForms = z.output<typeof WordFormsSchema>;

export const OtherLanguageFileSchema = z.strictObject({
  $comment: z.string().optional(),
  language: z.enum(SUPPORTED_LANGUAGES).exclude(['en'], { error: 'must be one of the eleven languages other than English (English has its own files)' }),
  word_forms: WordFormsSchema,
  /** Words that make a question a visa question ("visa", "schengen", "consulat"). */
  domain_words: phraseList,
  /** Articles and determiners the `intents` phrases match across ("la": "sacar visa" finds "sacar la visa"); see intents.json `gap_words`. */
  gap_words: z.array(z.string().min(1)).default([]),
  /** Intent id (rules/language/intents.json) → weighted cue phrases in this language. */
  intents: z.record(z.string(), weightedPhrases),
  /**
   * Intent id → question forms in this language (as the English intents' `patterns`): a regular
   * expression tested on the whole question, lower-cased, without accents, words joined by one
   * space, adds its weight to the intent. One form catches the phrasings a phrase list misses
   * ("нужна ли сейчас виза" beside "нужна ли виза").
   */
  patterns: z
    .record(z.string(), z.array(z.strictObject({ weight: z.number().min(0.5).max(10), regex: regexSource })))
    .default({}),
  /** Kind id (rules/language/asks.json) → cue phrases and question forms in this language. */
  asks: z.record(
    z.string(),
    z.strictObject({
      cues: phraseList.default([]),
      forms: z.array(regexSource).default([]),
    }),
  ),
  purposes: z.strictObject({ tourism: phraseList, business: phraseList, family: phraseList }),
  relations: phraseList,
  visit_verbs: phraseList,
  not_purpose: phraseList,
  durations: z.strictObject({
    units: z.record(z.string(), z.number().int().positive()),
    numbers: z.record(z.string(), z.number().int().positive()),
    phrases: z.record(z.string(), z.number().int().positive()),
    ignore_before: phraseList.default([]),
    ignore_after: phraseList.default([]),
  }),
  profile: z.strictObject({
    employment: z.strictObject({ employed: phraseList, self_employed: phraseList, student: phraseList, retired: phraseList, unemployed: phraseList }),
    minor: z.strictObject({ true: phraseList, false: phraseList }),
    /** As the English one: age units after a number, next to a relation ("fille de 16 ans"). */
    age_after: phraseList.default([]),
    /** As the English one: phrases saying the traveller needs no visa ("pas besoin de visa"). */
    visa_free: phraseList.default([]),
    nationality_before: phraseList,
    /** As the English one: the nationality cues after which a country's name is the nationality ("obywatel Kolumbii", "jestem z Kolumbii"). */
    nationality_name_before: phraseList.default([]),
    nationality_after: phraseList,
    residence_before: phraseList,
    /** As the English one: a family member's nationality follows ("casada com um português"). */
    relative_before: phraseList.default([]),
    /** As the English one: words right before a country that deny it ("no soy", "nie jestem"). */
    denied_before: phraseList.default([]),
    held_before: phraseList,
    held_before_permit: phraseList.default([]),
    asked_before_held: phraseList.default([]),
    held_after: phraseList,
  }),
  countries: z.strictObject({
    /** Endonyms, inflected forms and short names CLDR does not give, per ISO code. */
    names: z.record(isoCode, phraseList.min(1)).default({}),
    demonyms: z.record(isoCode, phraseList.min(1)).default({}),
    destination_before: phraseList,
    /** Words before a country known only as a nationality that make it a place travelled to ("visiter le Maroc"): a non-member destination. */
    travel_before: phraseList.default([]),
    origin_before: phraseList,
    /** Those of origin_before that mean "from", as the English `origin_from` ("aus", "uit", "из"). */
    origin_from: phraseList.default([]),
    destination_after: phraseList.default([]),
    document_after: phraseList.default([]),
    /** Case endings after a country that place something in it or take it from it, as separate words ("Almanya'da" → "almanya da"): no destination, no permit held. */
    place_after: phraseList.default([]),
    /** Words for a visa right after a state outside the area that make it that state's visa, as the English `visa_after` ("indisches Visum", "индийская виза"). */
    visa_after: phraseList.default([]),
    /** Words for a visa right before such a state, in languages whose adjective follows the noun ("visa algérien", "wiza białoruska"). */
    visa_before: phraseList.default([]),
    language_before: phraseList.default([]),
    skip: phraseList,
  }).superRefine((countries, ctx) => checkOriginFrom(countries, ctx, [])),
  /** Which fact of a general topic a question asks for, in this language (as rules/language/fact-cues.json); without it, a topic's default facts. */
  fact_cues: FactCuesSchema.default({ overview: [], topics: {} }),
});
export type OtherLanguageFile = z.output<typeof OtherLanguageFileSchema>;

/**
 * Reads and validates rules/language/<code>.json for each language other than English that has
 * one; a language without a file is read with the English tables and its CLDR country names.
 * Intent, kind and country ids are checked against the English tables (`known`), so a typo
 * names the file, the path and the fix instead of silently never matching.
 */
export function loadOtherLanguageFiles(
  dir: string,
  known: { intents: readonly string[]; kinds: readonly string[]; countries: ReadonlySet<string> },
): { files: Map<OtherLanguage, OtherLanguageFile>; problems: RuleProblem[] } {
  const files = new Map<OtherLanguage, OtherLanguageFile>();
  const problems: RuleProblem[] = [];
  for (const language of SUPPORTED_LANGUAGES) {
    if (language === 'en') continue;
    const path = join(dir, `${language}.json`);
    if (!existsSync(path)) continue;
    const name = `language/${language}.json`;
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      problems.push({ file: name, path: '$', message: `not valid JSON: ${(error as Error).message}`, fix: 'Correct the JSON syntax (a missing comma or quote, a trailing comma) at the position given.' });
      continue;
    }
    const parsed = OtherLanguageFileSchema.safeParse(json, { reportInput: true });
    if (!parsed.success) {
      problems.push(...problemsFromZod(name, parsed.error));
      continue;
    }
    const file = parsed.data;
    const before = problems.length;
    if (file.word_forms.natural_stemmer && !NATURAL_STEMMERS[language]) {
      problems.push({ file: name, path: '$.word_forms.natural_stemmer', message: `natural has no stemmer for "${language}"`, fix: `Set it to false and reduce words with prefixes, suffixes and max_length (natural has stemmers for ${Object.keys(NATURAL_STEMMERS).join(', ')}).` });
    }
    if (file.language !== language) problems.push({ file: name, path: '$.language', message: `says "${file.language}" in the file of "${language}"`, fix: `Set "language": "${language}", or rename the file to ${file.language}.json.` });
    for (const field of ['intents', 'patterns'] as const) {
      for (const id of Object.keys(file[field])) {
        if (id === 'unknown' || !known.intents.includes(id)) problems.push({ file: name, path: `$.${field}.${id}`, message: `"${id}" is not an intent of language/intents.json`, fix: `Use one of: ${known.intents.join(', ')}.` });
      }
    }
    for (const id of Object.keys(file.asks)) {
      if (!known.kinds.includes(id)) problems.push({ file: name, path: `$.asks.${id}`, message: `"${id}" is not a kind of language/asks.json`, fix: `Use one of: ${known.kinds.join(', ')}.` });
    }
    for (const field of ['names', 'demonyms'] as const) {
      for (const code of Object.keys(file.countries[field])) {
        if (!known.countries.has(code)) problems.push({ file: name, path: `$.countries.${field}.${code}`, message: `${code} is not a country of language/countries.json or nationalities.json`, fix: 'Add the country to the English tables first, or correct the code.' });
      }
    }
    if (problems.length === before) files.set(language, file);
  }
  return { files, problems };
}

/**
 * The compiled tables of each language that has a file, built at the language's first question
 * and kept with this rules snapshot (like its CLDR country names): a server that only reads
 * English never pays for them.
 */
export class TablesByLanguage {
  private readonly built = new Map<OtherLanguage, LanguageTables>();

  constructor(
    private readonly files: ReadonlyMap<OtherLanguage, OtherLanguageFile>,
    private readonly english: LanguageTableFiles,
  ) {}

  private readonly words = new Map<OtherLanguage, ReadonlySet<string>>();

  /** The languages that have their own file. */
  languages(): OtherLanguage[] {
    return [...this.files.keys()];
  }

  /** Every fact id the files' `fact_cues` name, with the file and JSON path (checked against the rules at load). */
  factCueIds(): { file: string; path: string; topic: string; fact: string }[] {
    return [...this.files].flatMap(([language, file]) =>
      Object.entries(file.fact_cues.topics).flatMap(([topic, facts]) => Object.keys(facts).map((fact) => ({ file: `language/${language}.json`, path: `$.fact_cues.topics.${topic}.${fact}`, topic, fact }))),
    );
  }

  /**
   * Every word of the language's file as people type it (folded, not reduced; Chinese as the
   * segmenter cuts it), or undefined when it has no file: built on first use.
   */
  ownWords(language: OtherLanguage): ReadonlySet<string> | undefined {
    const file = this.files.get(language);
    if (!file) return undefined;
    let words = this.words.get(language);
    if (!words) {
      words = tableWords(file, language === 'zh' ? (text) => tokenizeChinese(text, null).map((token) => token.word) : phraseWords);
      this.words.set(language, words);
    }
    return words;
  }

  /** The tables of `language`, or undefined when it has no file (it is then read with the English tables). */
  get(language: OtherLanguage, names: LanguageCountryNames): LanguageTables | undefined {
    const file = this.files.get(language);
    if (!file) return undefined;
    let tables = this.built.get(language);
    if (!tables) {
      tables = compileOtherLanguage(file, this.english, names);
      this.built.set(language, tables);
    }
    return tables;
  }
}

/**
 * One language's tables: the English table files with every phrase list replaced by the
 * language's own, compiled on reduced words (wordReducer), then the country look-ups on folded
 * words: the English and CLDR names plus the file's names, demonyms and cues.
 */
function compileOtherLanguage(file: OtherLanguageFile, english: LanguageTableFiles, names: LanguageCountryNames): LanguageTables {
  const reduce = wordReducer(file.word_forms, file.language);
  const plainWords = file.language === 'zh' ? (text: string) => tokenizeChinese(text, names.namePattern).map((token) => token.word) : phraseWords;
  const reducedWords = (text: string) => plainWords(text).map(reduce);
  const own: LanguageTableFiles = {
    ...english,
    intents: {
      ...english.intents,
      domain_words: file.domain_words,
      gap_words: file.gap_words,
      intents: english.intents.intents.map((intent) => ({ ...intent, signals: file.intents[intent.id] ?? [], patterns: file.patterns[intent.id] ?? [] })),
    },
    asks: { ...english.asks, kinds: english.asks.kinds.map((kind) => ({ ...kind, cues: file.asks[kind.id]?.cues ?? [], forms: file.asks[kind.id]?.forms ?? [] })) },
    purposes: { purposes: file.purposes, relations: file.relations, visit_verbs: file.visit_verbs, not_purpose: file.not_purpose },
    durations: file.durations,
    profile: { ...file.profile, adult_age: english.profile.adult_age },
    factCues: file.fact_cues,
  };
  const compiled = compileLanguageTables(own, reducedWords);

  const countryTerms = new PhraseIndex(names.countryTerms);
  const ownNameWords = new Set<string>();
  const nameLikeDemonyms = new Set<string>();
  for (const [field, kind] of [['names', 'name'], ['demonyms', 'demonym']] as const) {
    for (const [code, terms] of Object.entries(file.countries[field])) {
      const info = compiled.countries.get(code);
      if (!info) continue;
      for (const term of terms) {
        const words = plainWords(term);
        words.forEach((word) => ownNameWords.add(word));
        if (kind === 'demonym' && isNameOf(countryTerms, words, code)) nameLikeDemonyms.add(words.join(' '));
        countryTerms.add(words, { code, scope: info.scope, kind, plural: false, ordinary: false });
      }
    }
  }
  const index = (phrases: readonly string[]) => {
    const built = new PhraseIndex<true>();
    for (const p of phrases) built.add(plainWords(p), true);
    return built;
  };
  const { spelling } = names;
  return {
    ...compiled,
    // The background-clause forms are English ones (intents.json `clauses`).
    clauses: null,
    language: file.language,
    reduceWord: reduce,
    countryTerms,
    nameLikeDemonyms,
    destinationBefore: index(file.countries.destination_before),
    travelBefore: index(file.countries.travel_before),
    originBefore: index(file.countries.origin_before),
    originFrom: new Set(file.countries.origin_from.map((phrase) => plainWords(phrase).join(' '))),
    destinationAfter: index(file.countries.destination_after),
    documentAfter: index(file.countries.document_after),
    placeAfter: index(file.countries.place_after),
    visaAfter: index(file.countries.visa_after),
    visaBefore: index(file.countries.visa_before),
    languageBefore: index(file.countries.language_before),
    cueSkip: new Set(file.countries.skip.flatMap(plainWords)),
    nationalityBefore: index(file.profile.nationality_before),
    nationalityNameBefore: new Set(file.profile.nationality_name_before.map((phrase) => plainWords(phrase).join(' '))),
    nationalityAfter: index(file.profile.nationality_after),
    residenceBefore: index(file.profile.residence_before),
    relativeBefore: index(file.profile.relative_before),
    deniedBefore: index(file.profile.denied_before),
    heldBefore: index(file.profile.held_before),
    heldBeforePermit: index(file.profile.held_before_permit),
    askedBeforeHeld: index(file.profile.asked_before_held),
    heldAfter: index(file.profile.held_after),
    // Spelling is corrected towards the country names of the language only (CLDR's and the file's),
    // and never corrects a word the file itself lists: "multa" is no misspelt "Malta", nor
    // "estancia" "Estonia", nor "médico" "México".
    spelling: { ...spelling, known: new Set([...spelling.known, ...ownNameWords, ...tableWords(file, plainWords)]) },
  };
}

/** Every word of the file's phrases, folded as typed (not reduced): words of the language, never misspellings. */
function tableWords(file: OtherLanguageFile, plainWords: (text: string) => string[]): Set<string> {
  const words = new Set<string>();
  const add = (phrases: Iterable<string>) => {
    for (const phrase of phrases) for (const word of plainWords(phrase)) words.add(word);
  };
  add(file.domain_words);
  for (const groups of Object.values(file.intents)) for (const group of groups) add(group.phrases);
  for (const ask of Object.values(file.asks)) add(ask.cues);
  add(file.fact_cues.overview);
  for (const facts of Object.values(file.fact_cues.topics)) for (const phrases of Object.values(facts)) add(phrases);
  add([...file.purposes.tourism, ...file.purposes.business, ...file.purposes.family, ...file.relations, ...file.visit_verbs, ...file.not_purpose]);
  add([...Object.keys(file.durations.units), ...Object.keys(file.durations.numbers), ...Object.keys(file.durations.phrases)]);
  const { employment, minor, ...cues } = file.profile;
  add([...Object.values(employment).flat(), ...minor.true, ...minor.false, ...Object.values(cues).flat()]);
  // The inflected names and demonyms the file lists are words of the language too ("Мюнхене", "Francji").
  for (const terms of [...Object.values(file.countries.names), ...Object.values(file.countries.demonyms)]) add(terms);
  return words;
}

interface Stemmer {
  stem(word: string): string;
}

/** natural's Porter stemmers, by language: loaded one module at a time (see natural-parts.ts). */
const NATURAL_STEMMERS: Partial<Record<OtherLanguage, string>> = {
  fr: 'porter_stemmer_fr',
  es: 'porter_stemmer_es',
  de: 'porter_stemmer_de',
  it: 'porter_stemmer_it',
  pt: 'porter_stemmer_pt',
  nl: 'porter_stemmer_nl',
  ru: 'porter_stemmer_ru',
};
/** Reduced forms kept per language, up to this many words (then the memo starts again). */
const MEMO_WORDS = 20_000;

/**
 * How a word (already lower-cased and without accents) is reduced before matching, the same way
 * for table phrases and question words: natural's Porter stemmer where natural has one for the
 * language, else the file's letters, one prefix, endings and cut (Polish, Turkish, Arabic), else
 * the word itself. Words with a digit are kept as typed ("90", "180"). Pure; memoised.
 */
export function wordReducer(forms: WordForms, language: OtherLanguage): (word: string) => string {
  const stemmer = forms.natural_stemmer ? naturalStemmer(language) : null;
  const prefixes = [...forms.prefixes].sort((a, b) => b.length - a.length);
  const suffixes = [...forms.suffixes].sort((a, b) => b.length - a.length);
  const letters = Object.entries(forms.letters);
  const memo = new Map<string, string>();
  const reduceOnce = (word: string): string => {
    if (/\d/.test(word)) return word;
    if (stemmer) return stemmer.stem(word);
    let reduced = word;
    for (const [from, to] of letters) reduced = reduced.replaceAll(from, to);
    const prefix = prefixes.find((p) => reduced.startsWith(p) && reduced.length - p.length >= forms.min_stem);
    if (prefix) reduced = reduced.slice(prefix.length);
    for (let stripped = true; stripped; ) {
      const suffix = suffixes.find((s) => reduced.endsWith(s) && reduced.length - s.length >= forms.min_stem);
      stripped = suffix !== undefined;
      if (suffix) reduced = reduced.slice(0, -suffix.length);
    }
    return forms.max_length > 0 ? reduced.slice(0, forms.max_length) : reduced;
  };
  return (word) => {
    let reduced = memo.get(word);
    if (reduced === undefined) {
      if (memo.size >= MEMO_WORDS) memo.clear();
      reduced = reduceOnce(word);
      memo.set(word, reduced);
    }
    return reduced;
  };
}

function naturalStemmer(language: OtherLanguage): Stemmer {
  const module = NATURAL_STEMMERS[language];
  if (!module) throw new Error(`natural has no stemmer for "${language}": set word_forms.natural_stemmer to false in rules/language/${language}.json`);
  return createRequire(import.meta.url)(`natural/lib/natural/stemmers/${module}.js`) as Stemmer;
}

/** Whether `words` are, whole, a name of the country `code` in the index (CLDR's or the file's). */
function isNameOf(index: PhraseIndex<CountryTerm>, words: readonly string[], code: string): boolean {
  const match = index.matchAt(words, 0);
  return match !== null && match.end === words.length && match.values.some((term) => term.code === code && term.kind === 'name');
}
