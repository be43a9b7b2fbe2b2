import type { Topic } from '../knowledge/topics.js';
import { correctSpelling, isForeignQuestion } from './correct-spelling.js';
import type { Evidence } from './evidence.js';
import { extractCountries } from './extract-countries.js';
import { extractDays } from './extract-days.js';
import { extractProfile } from './extract-profile.js';
import { extractPurpose } from './extract-purpose.js';
import { hintedLanguage, identifyLanguage, isSupportedLanguage, SUPPORTED_LANGUAGES, type LanguageIdentification } from './identify-language.js';
import type { OtherLanguage } from './country-names.js';
import type { FactCues } from './fact-cues.js';
import { INTENT_TOPICS, type Employment, type Intent, type LanguageTables, type TravelPurpose } from './language-tables.js';
import { longestStay, placesNamed, type PlacesNamed } from './places-named.js';
import { scoreIntents, type ClauseRole, type ScoredIntent } from './score-intents.js';
import { tokenizeChinese, tokenizeText, type Token } from './tokenize-question.js';
import { PhraseIndex } from './phrase-index.js';

/** Confidence given to decisions taken by a rule rather than by scores (a non-Schengen destination). */
export const RULE_CONFIDENCE = 0.9;
/** Score given to the fallback intents (a country with no other cue, ordinary words with no visa word). */
const FALLBACK_SCORE = 2;
/** A signal of this weight or more is a strong cue: a second topic asked, or a membership question. */
const STRONG_CUE = 3;
/**
 * A stay question naming a non-member is still about the 90/180 rule when a stay cue is strong and
 * it names the rule's own numbers ("90 in the UK and then 90 in Schengen"): digits, which read
 * the same in every language, so no word list of one language stands in code.
 */
const STAY_RULE_NUMBERS = / (90|180) /;

/** What POST /classify returns about a question (and what POST /route and /answer build on). */
export interface Classification {
  /**
   * ISO 639-1 code of the language the question was read in (the `language` hint, else the one
   * identified), or null when the text has no letter to tell it by. A language not supported
   * gives the intent `unknown` and nothing else.
   */
  language: string | null;
  intent: Intent;
  /**
   * 0..1: best / (best + runner-up + 1), where the runner-up is the best intent routed to another
   * operation. Under the tables' threshold the intent is `unknown`.
   */
  confidence: number;
  /** ISO alpha-2 of the Schengen state the question is about, or null. */
  country: string | null;
  /** `not_schengen` when every destination named is outside the Schengen area (the question is then out of scope). */
  destination_status: 'schengen' | 'not_schengen' | null;
  /** ISO alpha-2 of that non-Schengen destination (GB, IE, CY, US, AD...), set only with `not_schengen`; else null. */
  non_schengen_destination: string | null;
  travel_purpose: TravelPurpose | null;
  days: number | null;
  profile: { nationality: string | null; employment: Employment | null; minor: boolean | null };
  /**
   * The shared-vocabulary topic of the intent, for POST /answer and GET /sources; for
   * source_lookup, the topic the sources are asked for ("sources of the fee rule" → fees); or null.
   */
  topic: Topic | null;
  /** The three best-scoring intents, best first (scores before the threshold). */
  candidates: { intent: ScoredIntent; score: number }[];
  evidence: Evidence[];
}

/**
 * Everything one reading of a question finds, for every operation that reads questions:
 * POST /classify returns `classification`, POST /route routes it, and POST /answer answers
 * from the same reading without scanning the question again, so the three never disagree on
 * the intent or the country.
 */
export interface QuestionReading {
  classification: Classification;
  /** The question's normalised words after spelling correction. */
  words: readonly string[];
  /** The words joined by one space and padded with a space each side, for whole-phrase tests. */
  text: string;
  /**
   * The words as the language's tables reduce them (a stem in French, the word itself in
   * English), joined and padded like `text`: what the fact cues of `factCues` are tested on.
   */
  cueText: string;
  /** Which fact of a general topic the question asks for, in the tables of its language (fact-cues.json, `fact_cues`). */
  factCues: FactCues;
  /** The country names and demonyms of the tables the question was read with (its own language's). */
  countryTerms: LanguageTables['countryTerms'];
  /**
   * The words of the question's first sentence that asks (ends with a question mark; the first
   * sentence when none does), as typed and normalised, before spelling correction: what a yes/no
   * question asks about, which the answer must name (what-is-asked.ts, `coversTheQuestion`). A
   * sentence of context before it ("Aussie here. Can I…?") is not what is asked.
   */
  firstAsking: readonly Token[];
  /**
   * The same for every sentence that ends with a question mark (for every sentence when none
   * does): what a question of any form asks about (`min_uncovered_any`); a sentence that states
   * the context ("My cousin lives in Lyon.") is not asked about.
   */
  tokens: readonly Token[];
  /**
   * The normalised words of each quotation of three words or more ("refused for 'reasonable doubts
   * about your intention to leave'", « objet du séjour non justifié »): what a letter or a page
   * said, which the question quotes as context; not what it asks the answer to name.
   */
  quoted: ReadonlySet<string>;
  /** Each sentence's normalised words (split at `?`, `!`, `.`, `;` and line breaks), joined by one space and padded like `text`. */
  sentences: readonly string[];
  /** The same for each clause (split at commas and colons too): where a yes/no form may open after some context. */
  clauses: readonly string[];
  /** The distinct Schengen states named, in order, and the stay the question gives for each. */
  places: PlacesNamed;
  /**
   * The intents asked, main first: the intent, then every other intent answered next to it
   * (a topic of POST /answer, the documents, the money or the visa requirement) that the question
   * gives a strong cue for.
   */
  asked: readonly Intent[];
  /**
   * True when no intent wins on its own but several answerable intents are each strongly cued
   * ("visa fee, when to apply and how many days can I stay?"): the intent is then the best of
   * them, and each is answered as far as the rules go.
   */
  competing: boolean;
  /**
   * What the question asks for (asks.json kinds: an amount, a duration, a contact, a statistic,
   * an opinion, a consequence...), found by cue phrases and question forms; only facts declared
   * to answer a kind answer a question that asks it. Empty when it asks none of them.
   */
  asks: readonly string[];
  /** The language the question was read in, whether it is supported, and why. */
  language: LanguageIdentification;
  /**
   * A non-member whose visa the applicant holds ("can I use my Cyprus visa in Greece?", "my UK
   * visa"): the Schengen visa rules say nothing of such a visa. Null when none is named.
   */
  visaHeldOutside: string | null;
  /** A non-member where the applicant lives or whose permit or visa they hold ("I live in Dubai on a work visa"), or null. */
  homeOutside: string | null;
  /** Whether the applicant holds a residence permit or long-stay visa ("I have a UK BRP", "with my Italian soggiorno"). */
  permitHeld: boolean;
  /** Every age the question states, in order ("my 8 year old and me": [8]); empty when it states none. */
  ages: readonly number[];
  /** Whether the question says the traveller needs no visa ("we don't need a visa", profile `visa_free`). */
  visaFree: boolean;
}

/**
 * Classifies one question: normalise and tokenize (natural), correct misspelt long words,
 * extract the country, purpose, days and profile, score the intents, then decide. Pure and
 * deterministic: the same tables and question always give the same classification; any string
 * is accepted (the HTTP layer enforces 1..1000 characters), nothing throws on odd input.
 */
export function classifyQuestion(tables: LanguageTables, question: string, languageHint?: string): Classification {
  return readQuestion(tables, question, languageHint).classification;
}

/**
 * Reads a question once: the classification plus what the answer layer needs (see
 * QuestionReading). First its language: the `languageHint` (an ISO 639-1 code) when the client
 * sends one, else the language identified (identify-language.ts). A language not supported ends
 * there, `unknown` with no entity: it is never read through the tables of another language.
 * Otherwise the words are read with the English tables plus the country names of that language,
 * and spelling is corrected towards words of the question's own language only: the English
 * tables' words in an English question, the CLDR country names of its language in another
 * ("Francji" → "francja"; "genom" is not Genoa, "pays" is not "pay").
 * Pure.
 */
export function readQuestion(englishTables: LanguageTables, question: string, languageHint?: string): QuestionReading {
  // The question is cut into clauses once and tokenized once: its words are the clauses' words.
  const englishClauses = clausesOf(question, tokenizeText);
  const english = englishClauses.flatMap((clause) => clause.tokens);
  const { known, foreign } = englishTables.spelling;
  const englishTyped = english.map((t) => t.word);
  // English spelling correction is the dearest step of a question in another language: it runs
  // when it can change the language identified, or when the question is English.
  let englishCorrection: ReturnType<typeof correctSpelling> | undefined;
  const englishSpelling = () => (englishCorrection ??= correctSpelling(englishTables, englishTyped));
  const englishWords = {
    isWord: (word: string) => known.has(word) && !foreign.has(word),
    misspelt: () => new Set(englishSpelling().corrections.map((c) => c.index)),
    foreignQuestion: isForeignQuestion(englishTables, englishTyped),
  };
  const ownWords = (language: string) => (isSupportedLanguage(language) && language !== 'en' ? englishTables.otherLanguages.ownWords(language) : undefined);
  // Chinese is decided by its script, and the words cut at spaces are no Chinese words to compare.
  const spacedOwnWords = (language: string) => (language === 'zh' ? undefined : ownWords(language));
  const identified = languageHint ? hintedLanguage(languageHint) : identifyLanguage(question, englishTyped, englishWords, spacedOwnWords);
  if (!identified.supported) return unsupportedReading(identified, englishClauses, englishTables.factCues);
  const names = identified.language ? englishTables.countryNames.get(identified.language) : undefined;
  // A language with a file of its own is read with its tables alone; one without, with the
  // English tables and its CLDR country names.
  const own = names && identified.language ? englishTables.otherLanguages.get(identified.language as OtherLanguage, names) : undefined;
  const tables: LanguageTables = own ?? (names ? { ...englishTables, countryTerms: names.countryTerms, spelling: names.spelling } : englishTables);
  const clauses = identified.language === 'zh' ? clausesOf(question, (text) => tokenizeChinese(text, names?.namePattern ?? null)) : englishClauses;
  const tokens: Token[] = identified.language === 'zh' ? clauses.flatMap((clause) => clause.tokens) : english;
  // Spelling is corrected towards the question's own language only: an unidentified one is read as typed.
  const typed = tokens.map((t) => t.word);
  const spelling = names ? correctSpelling(tables, typed) : identified.language === 'en' ? englishSpelling() : { words: typed, corrections: [] };
  const words = spelling.words;
  // Country look-ups read the words as corrected; every other look-up reads them reduced the
  // way the language's tables were (a stem in French, the word itself in English).
  const reduced = withoutLoneHanWords(own ? words.map(own.reduceWord) : words, identified.language ? ownWords(identified.language) : undefined);
  const corrected = new Map(spelling.corrections.map((c) => [c.index, c.from]));
  const text = words.join(' ');

  const places = extractCountries(tables, tokens, words, corrected, clauseStartsOf(clauses));
  const named = placesNamed(tables, words);
  // "5 days in France and 9 in Italy": the state of the longest stay is the one the question is about.
  const mainByStay = places.destinationStatus === 'schengen' ? longestStay(named) : null;
  const stayEvidence: Evidence[] =
    mainByStay && mainByStay !== places.country
      ? [{ field: 'country', value: mainByStay, matched: [...named.stays].map(([code, days]) => `${code} ${days} days`).join(', '), rule: 'the state of the longest stay the question gives (Visa Code Art. 5(1)(b))' }]
      : [];
  const purpose = extractPurpose(tables, reduced);
  const days = extractDays(tables, reduced);
  const profile = extractProfile(tables, reduced);
  const scored = scoreIntents(tables, reduced, text, places.schengenStates, words, clauseRoles(tables, clauses, words.length), places.nationalityCueAt);

  // Highest score first; on a tie, the intent the question mentions first.
  const ranked = [...scored.scores.entries()].sort(
    (a, b) => b[1] - a[1] || (scored.firstAt.get(a[0]) ?? Infinity) - (scored.firstAt.get(b[0]) ?? Infinity),
  );
  const candidates = ranked.slice(0, 3).filter(([, score]) => score > 0).map(([intent, score]) => ({ intent, score }));
  const asks = askedKinds(tables, question, reduced);
  // "Flying to the UK with a stopover in an EU country, do I need a Schengen airport transit
  // visa?": no state is named for the transit, but the question names the Schengen area.
  const transitInArea = places.destinationStatus === 'not_schengen' && places.transitState === null && words.includes(SCHENGEN_WORD);
  const outOfScopeKind = asks.find((kind) => tables.outOfScopeKinds.has(kind));
  const decisionOf = outOfScopeKind
    ? {
        intent: 'out_of_scope' as const,
        confidence: RULE_CONFIDENCE,
        competing: false,
        evidence: [{ field: 'intent' as const, value: 'out_of_scope', matched: outOfScopeKind, rule: `asks for a ${outOfScopeKind}, which no visa rule states (asks.json)` }],
      }
    : decideIntent(tables, ranked, reduced, {
        country: places.country,
        outside: places.destinationStatus === 'not_schengen' ? places.nonSchengenDestination : null,
        transit: places.transitState ?? (transitInArea ? SCHENGEN_WORD : null),
        detailed: purpose.purpose !== null || days.days !== null || profile.employment !== null || profile.minor !== null,
      });

  const decision = freeMoverDecision(tables, places.nationality, reduced, decisionOf) ?? decisionOf;

  // "What documents does my 16 year old daughter need?": a minor's case (intents.json `minor`).
  const minorCase = tables.minorCase && profile.minor === true && decision.intent !== 'unknown' && tables.minorCase.takes.has(decision.intent) ? tables.minorCase.intent : null;
  // "I have a residence permit in Italy, do I need a visa for Spain?", "do US green card holders
  // need a visa?": with no nationality, the permit held decides (intents.json `held`); "with my
  // Spanish residence card, how long can I stay in Germany?" whatever the nationality.
  const permitHeld = scored.heldPermit || places.permitHeld;
  const held = tables.held;
  const permitDecides = (decision.intent === held.intent && places.nationality === null) || held.whateverNationality.has(decision.intent);
  const permitCase = !minorCase && held.withoutNationality && permitDecides && permitHeld ? held.withoutNationality : null;
  const intent: Intent = minorCase ?? permitCase ?? decision.intent;
  const caseEvidence: Evidence[] = minorCase ? [{ field: 'intent', value: minorCase, matched: decision.intent, rule: `${decision.intent} asked for a minor: the rules for minors` }] : [];
  if (permitCase) caseEvidence.push({ field: 'intent', value: permitCase, matched: decision.intent, rule: `${decision.intent} asked by the holder of a permit${places.nationality === null ? ', no nationality given' : ''}: the rules for permit holders` });
  const evidence: Evidence[] = [
    languageEvidence(identified, words),
    ...caseEvidence,
    ...decision.evidence,
    ...scored.evidence,
    ...spelling.corrections.map((c): Evidence => ({ field: 'spelling', value: c.to, matched: c.from, rule: `Damerau-Levenshtein distance ${c.distance}` })),
    ...places.evidence,
    ...stayEvidence,
    ...purpose.evidence,
    ...days.evidence,
    ...profile.evidence,
  ];
  // An airport transit through a Schengen state on the way to a non-member is about that state.
  const transit = intent === 'airport_transit' && places.destinationStatus === 'not_schengen' ? places.transitState : null;
  // Through an unnamed Schengen state: no country, and the non-member is no destination refused.
  const areaTransit = intent === 'airport_transit' && transitInArea;
  // The 90/180 rule asked with a stay outside the area: the non-member is no destination refused.
  const stayAcross = intent === 'stay_duration' && places.destinationStatus === 'not_schengen';
  // "Are Bulgaria and Romania in Schengen?": a membership question about several states has no one
  // destination; the answer (the list of members) names each of them.
  const severalMembers = intent === 'country_list' && places.schengenStates >= 2;
  if (severalMembers) evidence.push({ field: 'country', value: null, matched: `${places.schengenStates} states`, rule: 'a membership question about several states: no one destination' });
  const classification: Classification = {
    language: identified.language,
    intent,
    confidence: decision.confidence,
    country: severalMembers ? null : (transit ?? mainByStay ?? places.country),
    destination_status: transit || areaTransit ? 'schengen' : stayAcross ? null : places.destinationStatus,
    non_schengen_destination: transit || areaTransit || stayAcross ? null : places.nonSchengenDestination,
    travel_purpose: purpose.purpose,
    days: days.days,
    profile: { nationality: places.nationality, employment: profile.employment, minor: profile.minor },
    topic: topicOf(intent, scored.subjects.get(intent as ScoredIntent)),
    candidates,
    evidence,
  };
  const asked: Intent[] = [intent];
  const apart = tables.answeredApart.get(intent);
  for (const candidate of candidates) {
    if (!asked.includes(candidate.intent) && candidate.score >= STRONG_CUE && isAnsweredTogether(candidate.intent) && apart?.has(candidate.intent) !== true) asked.push(candidate.intent);
  }
  return { classification, words, text: ` ${text} `, cueText: ` ${reduced.join(' ')} `, factCues: tables.factCues, countryTerms: tables.countryTerms, ...sentencesOf(clauses), quoted: quotedWords(question, identified.language === 'zh' ? (part) => tokenizeChinese(part, names?.namePattern ?? null) : tokenizeText), places: named, asked, competing: decision.competing, asks, language: identified, visaHeldOutside: places.visaHeldOutside, homeOutside: places.homeOutside, permitHeld, ages: profile.ages, visaFree: profile.visaFree };
}

/** A clause of the question: its words as typed and normalised, and the punctuation that ends it. */
interface Clause {
  tokens: Token[];
  end: string;
}

/**
 * The question cut at sentence punctuation, commas and colons (Chinese and Arabic ones too:
 * "？", "，", "؟"), each piece tokenized once, as the question's words are (Chinese segmented).
 */
function clausesOf(question: string, tokenize: (text: string) => Token[]): Clause[] {
  const parts = question.split(/([?!.;:,\n？！。；：，、؟،؛]+)/);
  const clauses: Clause[] = [];
  for (let i = 0; i < parts.length; i += 2) clauses.push({ tokens: tokenize(parts[i] ?? ''), end: parts[i + 1] ?? '' });
  return clauses;
}

/** The index of each clause's first word among the question's words. */
function clauseStartsOf(clauses: readonly Clause[]): ReadonlySet<number> {
  const starts = new Set<number>();
  let at = 0;
  for (const clause of clauses) {
    starts.add(at);
    at += clause.tokens.length;
  }
  return starts;
}

/** The country terms of a question in a language we do not read: none. */
const NO_COUNTRY_TERMS: LanguageTables['countryTerms'] = new PhraseIndex();

/** Whether a clause ends with a question mark, in any script ("?", "？", "؟"). */
const endsAsking = (clause: Clause): boolean => /[?？؟]/.test(clause.end);

/**
 * The question's sentences and clauses, normalised as `text` is: what the answer checks a yes/no
 * question against (what-is-asked.ts). A sentence is the clauses up to one ending at `?`, `!`, `.`,
 * `;` (or their Chinese and Arabic forms) or a line break.
 */
function sentencesOf(clauses: readonly Clause[]): Pick<QuestionReading, 'firstAsking' | 'tokens' | 'sentences' | 'clauses'> {
  const padded = (tokens: readonly Token[]) => ` ${tokens.map((token) => token.word).join(' ')} `;
  const sentenceTokens: Token[][] = [];
  const asking: Token[][] = [];
  let current: Token[] = [];
  for (const clause of clauses) {
    current.push(...clause.tokens);
    if (/[?!.;\n？！。；؟؛]/.test(clause.end)) {
      sentenceTokens.push(current);
      if (endsAsking(clause)) asking.push(current);
      current = [];
    }
  }
  sentenceTokens.push(current);
  return {
    firstAsking: asking.find((tokens) => tokens.length > 0) ?? sentenceTokens.find((tokens) => tokens.length > 0) ?? [],
    tokens: (asking.length > 0 ? asking : sentenceTokens).flat(),
    sentences: sentenceTokens.map(padded),
    clauses: clauses.map((clause) => padded(clause.tokens)),
  };
}

/**
 * A quotation: an opening quote mark after the start, a space or a bracket (so the apostrophe of
 * "don't" opens none), its text, and a closing mark before the end, a space or punctuation.
 */
const QUOTATION = /(?:^|[\s(])["“”„«‘'「『]\s*([^"“”„«»‘’'「」『』]+?)\s*["“”»’'」』](?=$|[\s,.;:?!)？，。])/gu;

/** The words of the question's quotations of three words or more (`QuestionReading.quoted`). */
function quotedWords(question: string, tokenize: (text: string) => Token[]): ReadonlySet<string> {
  const quoted = new Set<string>();
  for (const match of question.matchAll(QUOTATION)) {
    const tokens = tokenize(match[1] ?? '');
    if (tokens.length >= 3) for (const token of tokens) quoted.add(token.word);
  }
  return quoted;
}

/**
 * A question in a language we do not support: `unknown`, no country, purpose, stay nor profile.
 * Reading it through English tables would find places and topics it does not name.
 */
function unsupportedReading(identified: LanguageIdentification, clauses: readonly Clause[], factCues: FactCues): QuestionReading {
  const words = clauses.flatMap((clause) => clause.tokens.map((t) => t.word));
  const classification: Classification = {
    language: identified.language,
    intent: 'unknown',
    confidence: 0,
    country: null,
    destination_status: null,
    non_schengen_destination: null,
    travel_purpose: null,
    days: null,
    profile: { nationality: null, employment: null, minor: null },
    topic: null,
    candidates: [],
    evidence: [
      languageEvidence(identified, words),
      { field: 'intent', value: 'unknown', matched: identified.language ?? '', rule: `a language we do not read (supported: ${SUPPORTED_LANGUAGES.join(', ')}): no table of another language is applied` },
    ],
  };
  return { classification, words, text: ` ${words.join(' ')} `, cueText: ` ${words.join(' ')} `, factCues, countryTerms: NO_COUNTRY_TERMS, ...sentencesOf(clauses), quoted: new Set(), places: { states: [], stays: new Map() }, asked: ['unknown'], competing: false, asks: [], language: identified, visaHeldOutside: null, homeOutside: null, permitHeld: false, ages: [], visaFree: false };
}

function languageEvidence(identified: LanguageIdentification, words: readonly string[]): Evidence {
  return { field: 'language', value: identified.language, matched: words.slice(0, 12).join(' '), rule: identified.rule };
}

/**
 * What a question asks for (asks.json kinds), in the order found: the kinds of the cue phrases in
 * its words, then those whose question form matches one of its clauses. Clauses are split at
 * sentence punctuation, commas and "and", so a form anchored at a clause start ("^ why ") finds
 * "I am Indian, why was my visa refused?" as well as "Why…".
 */
function askedKinds(tables: LanguageTables, question: string, words: readonly string[]): string[] {
  const kinds = [tables.asks, tables.asksInside].flatMap((index) => index.findAll(words).flatMap((match) => match.values));
  if (tables.askForms.length > 0) {
    // Chinese, Arabic and Spanish punctuation ends a clause too ("？", "，", "、", "؟", "،", "¿").
    const clauses = question.split(/[?!.;:,\n？！。；：，、؟،؛¿¡]+|\band\b/i).map((clause) => ` ${tokenizeText(clause).map((token) => token.word).join(' ')} `);
    // A form whose literals are nowhere in the question cannot match any clause: most are skipped so.
    const whole = clauses.join('\n');
    const found = tables.askFormLiterals.scan(whole);
    tables.askForms.forEach((form, index) => {
      if (tables.askFormLiterals.mayMatch(index, found) && clauses.some((clause) => form.regex.test(clause))) kinds.push(form.kind);
    });
  }
  return [...new Set(kinds)];
}

/**
 * The role of each word's clause, or null when the question has no background clause or no clause
 * that asks. Clauses are cut at sentence punctuation and commas, then before the tables' split
 * words ("and", "but", "because"); a clause asks when it opens with a question form (intents.json
 * `clauses`, `question`) or ends at a question mark; it is background when it does not ask and
 * opens as a narrative ("I live in the UK on a work visa", "my visa was refused last year"), or
 * goes on with one ("I followed the checklist, paid the fees"). Null as well when a clause that
 * asks refers back to the narrative ("I have an entry ban, how long does it last?"). English
 * tables only (null elsewhere), and only when the clauses cut the question into exactly its words.
 */
function clauseRoles(tables: LanguageTables, clauses: readonly Clause[], wordCount: number): ClauseRole[] | null {
  const rules = tables.clauses;
  if (!rules) return null;
  const spans: { words: string[]; endsAsking: boolean }[] = [];
  for (const clause of clauses) {
    const endsWithQuestionMark = endsAsking(clause);
    const pieces: string[][] = [];
    let current: string[] = [];
    for (const { word } of clause.tokens) {
      if (rules.splitWords.has(word) && current.length > 0) {
        pieces.push(current);
        current = [];
      }
      current.push(word);
    }
    if (current.length > 0) pieces.push(current);
    pieces.forEach((piece, index) => spans.push({ words: piece, endsAsking: endsWithQuestionMark && index === pieces.length - 1 }));
  }
  if (spans.reduce((sum, span) => sum + span.words.length, 0) !== wordCount) return null;
  const roles: ClauseRole[] = [];
  let previous = 'other' as ClauseRole;
  for (const span of spans) {
    const clause = ` ${span.words.join(' ')} `;
    const asks = span.endsAsking || rules.question.some((form) => form.test(clause));
    // "I have an entry ban, how long does it last?": the clause that asks is about the narrative.
    if (asks && span.words.some((word) => rules.refersBack.has(word))) return null;
    const role: ClauseRole = asks ? 'asks' : rules.narrative.some((form) => form.test(clause)) || previous === 'background' ? 'background' : 'other';
    for (let i = 0; i < span.words.length; i++) roles.push(role);
    previous = role;
  }
  return roles.includes('asks') && roles.includes('background') ? roles : null;
}

/**
 * Intents whose answer may stand next to another one in one POST /answer: the general topics,
 * the documents, the money and the visa requirement (not the country record nor the list).
 */
export function isAnsweredTogether(intent: Intent): boolean {
  return INTENT_TOPICS[intent] !== undefined && intent !== 'country_list' && intent !== 'country_information';
}

/** The intent's topic; a source question's topic is that of what it asks the sources of. */
function topicOf(intent: Intent, subjects: readonly ScoredIntent[] | undefined): Topic | null {
  if (intent !== 'source_lookup') return INTENT_TOPICS[intent] ?? null;
  for (const subject of subjects ?? []) {
    const topic = INTENT_TOPICS[subject];
    if (topic) return topic;
  }
  return null;
}

/**
 * "I'm German, how long can I stay in France?": a national of a Schengen state or another EU member
 * moves freely; the short-stay rules are for third-country nationals. Unless the question names
 * someone else who travels ("my wife is Thai") or asks what such a national may
 * (intents.json `free_mover.keeps`: "can a German citizen sign the Verpflichtungserklärung?"), what
 * it asks is out of scope. Null when the rule does not apply.
 */
function freeMoverDecision(tables: LanguageTables, nationality: string | null, words: readonly string[], decided: Decision): Decision | null {
  if (nationality === null || !tables.freeMovement.has(nationality)) return null;
  if (decided.intent === 'unknown' || decided.intent === 'out_of_scope' || tables.freeMoverKeeps.has(decided.intent)) return null;
  if (tables.relations.findAll(words).length > 0) return null;
  const rule = 'a national of the area or of another EU state moves freely: the short-stay rules are for third-country nationals';
  return { intent: 'out_of_scope', confidence: RULE_CONFIDENCE, competing: false, evidence: [{ field: 'intent', value: 'out_of_scope', matched: nationality, rule }, ...decided.evidence] };
}

interface Decision {
  intent: Intent;
  confidence: number;
  evidence: Evidence[];
  /** Several answerable intents, each strongly cued, and none winning alone. */
  competing: boolean;
}

/** The word that names the Schengen area in every supported language written in Latin script. */
const SCHENGEN_WORD = 'schengen';

/**
 * The intent decided from the ranked scores and what the places say. `transit` is the Schengen
 * state named for an airport transit (its ISO code), or the word "schengen" when the question
 * names only the area.
 */
function decideIntent(
  tables: LanguageTables,
  ranked: readonly [ScoredIntent, number][],
  words: readonly string[],
  facts: { country: string | null; outside: string | null; transit: string | null; detailed: boolean },
): Decision {
  const [first] = ranked;
  // "Delhi to Toronto via Amsterdam, do I need a transit visa?": the destination is outside, but
  // the airport transit asked is through a Schengen state.
  if (facts.outside && facts.transit && ranked.some(([intent, score]) => intent === 'airport_transit' && score >= STRONG_CUE)) {
    return {
      intent: 'airport_transit',
      confidence: RULE_CONFIDENCE,
      competing: false,
      evidence: [{ field: 'intent', value: 'airport_transit', matched: facts.transit, rule: 'an airport transit through a Schengen state (or the area, named) on the way to a state outside it' }],
    };
  }
  if (facts.outside) {
    // "Is Cyprus part of Schengen?" asks whether a non-member is a member: the membership rules
    // answer it, so it is routed to them rather than refused as a destination.
    if (ranked.some(([intent, score]) => intent === 'country_list' && score >= STRONG_CUE)) {
      return {
        intent: 'country_list',
        confidence: RULE_CONFIDENCE,
        competing: false,
        evidence: [{ field: 'intent', value: 'country_list', matched: facts.outside, rule: 'a membership question about a state outside the Schengen area' }],
      };
    }
    // "We ended up 10 days over our 90, will that be a problem when we are stamped out in
    // Montenegro?" and "I overstayed in Japan, what happens?": an overstay is asked about; whether
    // it is one of the area is not known, so the state outside stays the destination (and /answer
    // refuses it as one), but the question is routed as the overstay question it is.
    if (first?.[0] === 'overstay' && first[1] >= STRONG_CUE) {
      return {
        intent: 'overstay',
        confidence: RULE_CONFIDENCE,
        competing: false,
        evidence: [{ field: 'intent', value: 'overstay', matched: facts.outside, rule: 'an overstay asked about, with a state outside the Schengen area named' }],
      };
    }
    // "If I go to the UK for a day and come back, do my 90 days start again?": the 90/180 rule is
    // asked, and the stay outside the area is part of how it counts.
    if (ranked.some(([intent, score]) => intent === 'stay_duration' && score >= STRONG_CUE) && STAY_RULE_NUMBERS.test(` ${words.join(' ')} `)) {
      return {
        intent: 'stay_duration',
        confidence: RULE_CONFIDENCE,
        competing: false,
        evidence: [{ field: 'intent', value: 'stay_duration', matched: facts.outside, rule: 'the 90/180 rule asked about, with a stay outside the Schengen area' }],
      };
    }
    return {
      intent: 'out_of_scope',
      confidence: RULE_CONFIDENCE,
      competing: false,
      evidence: [{ field: 'intent', value: 'out_of_scope', matched: facts.outside, rule: 'the destination is outside the Schengen area' }],
    };
  }
  let best: [ScoredIntent, number] | undefined = first && first[1] > 0 ? first : undefined;
  // Confidence is about where the question goes: an intent answered by the same operation (two
  // topics of POST /answer) does not make the decision less certain.
  const bestRoute = best ? routeKey(tables, best[0]) : null;
  const runnerUp = best ? (ranked.find(([intent, score]) => score > 0 && intent !== best?.[0] && routeKey(tables, intent) !== bestRoute)?.[1] ?? 0) : 0;
  const evidence: Evidence[] = [];
  if (!best) {
    const fallback = fallbackIntent(tables, words, facts);
    if (fallback) {
      best = [fallback.intent, FALLBACK_SCORE];
      evidence.push({ field: 'intent', value: fallback.intent, matched: fallback.matched, rule: fallback.rule, weight: FALLBACK_SCORE });
    }
  }
  if (!best) {
    return { intent: 'unknown', confidence: 0, competing: false, evidence: [{ field: 'intent', value: 'unknown', matched: words.join(' '), rule: 'no intent signal, country or ordinary sentence found' }] };
  }
  const confidence = Math.round((best[1] / (best[1] + runnerUp + 1)) * 1000) / 1000;
  if (confidence < tables.threshold) {
    // "Visa fee, documents and how long can I stay?" asks several answerable things, each with a
    // strong cue: not a doubt between two readings, so the best of them is the intent.
    const strong = ranked.filter(([intent, score]) => score >= STRONG_CUE && isAnsweredTogether(intent));
    const [lead] = strong;
    if (lead && strong.length >= 2) {
      return {
        intent: lead[0],
        confidence,
        competing: true,
        evidence: [{ field: 'intent', value: lead[0], matched: strong.map(([intent]) => intent).join(', '), rule: 'several answerable questions, each with a strong cue' }],
      };
    }
    return {
      intent: 'unknown',
      confidence,
      competing: false,
      evidence: [{ field: 'intent', value: 'unknown', matched: words.join(' '), rule: `best intent ${best[0]} has confidence ${confidence}, under the threshold ${tables.threshold}` }],
    };
  }
  return { intent: best[0], confidence, competing: false, evidence };
}

const HAN_WORD = /^\p{Script=Han}+$/u;

/**
 * The words, without its Chinese ones when none of them is a word of two characters or more that
 * the tables know (签证, 申根, 多久; `known`, the words of the language's file): then the text
 * holds only characters (游, 天, 保, 转) that are as likely parts of any other word, as random
 * text does. A Chinese question is read whole.
 */
function withoutLoneHanWords(words: readonly string[], known: ReadonlySet<string> | undefined): readonly string[] {
  const han = words.filter((word) => HAN_WORD.test(word));
  if (han.length === 0 || han.some((word) => [...word].length > 1 && (known?.has(word) ?? true))) return words;
  return words.map((word) => (HAN_WORD.test(word) ? '' : word));
}

function routeKey(tables: LanguageTables, intent: ScoredIntent): string {
  const route = tables.routes.get(intent);
  return route ? `${route.method} ${route.path}` : intent;
}

function fallbackIntent(
  tables: LanguageTables,
  words: readonly string[],
  facts: { country: string | null; detailed: boolean },
): { intent: ScoredIntent; matched: string; rule: string } | null {
  const domain = words.some((word) => tables.domainWords.has(word));
  // "Croatia visa", "Slovakia": a state is the subject; "a hotel in Prague" is not a visa question.
  if (facts.country && facts.detailed) {
    return { intent: 'document_requirements', matched: facts.country, rule: 'a trip to a Schengen state (a purpose, a length of stay or a profile) and no other cue: the visa it needs' };
  }
  if (facts.country && (domain || words.length <= 3)) {
    return { intent: 'country_information', matched: facts.country, rule: 'a Schengen state and no other cue: its application information' };
  }
  const ordinary = words.filter((word) => tables.spelling.known.has(word)).length;
  if (!domain && words.length >= 3 && ordinary * 2 >= words.length) {
    return { intent: 'out_of_scope', matched: words.join(' '), rule: 'an ordinary sentence without any visa or travel word' };
  }
  return null;
}
