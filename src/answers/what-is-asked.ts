import { inferFactKind } from '../knowledge/fact-values.js';
import type { Knowledge } from '../knowledge/knowledge.js';
import type { GeneralTopic } from '../knowledge/topics.js';
import type { QuestionReading } from '../language/classify-question.js';
import type { Token } from '../language/tokenize-question.js';
import { REQUIREMENT_KIND, type Intent, type LanguageTables } from '../language/language-tables.js';
import { isAnswered, type AnswerPart } from './answer-part.js';
import type { PartInput } from './part-input.js';
import { topicOfIntent } from './topic-of-intent.js';

/*
 * Abstention by what is asked (issue 9): whether the facts a topic gives answer what the question
 * asks (asks.json: an amount, a contact, a consequence…), whether a yes/no question finds what it
 * asks about in them (fact-cues.json `coverage`), and the few rules that hold for one topic. Each
 * returns the part unchanged or says it does not answer; compose-answer.ts applies them.
 */

/**
 * A part answers a question that asks for a contact, a statistic, an opinion, a consequence...
 * (the asks.json kinds with `match: every`) only when the rules declare it does: its topic, one
 * of its facts or one of its facts' kinds is listed as answering every such kind asked.
 * Otherwise the rules hold nothing that answers what is asked, and a fact merely about the same
 * state or topic is not given in its place (`no_matching_rule`). The form of the question (the
 * `match: any` kinds: an amount, a duration...) is checked on the whole answer (answersTheForm).
 */
export function answersWhatIsAsked(language: LanguageTables, asks: readonly string[], topic: string, part: AnswerPart, input: PartInput): AnswerPart {
  const { nationality } = input;
  if (!isAnswered(part)) return part;
  if (topic === 'airport_transit' && onlyStateListsDecide(asks, input, part)) return { reason: 'no_matching_rule' };
  // "Do I need travel insurance to visit France as a Brit?": the insurance rule is a condition of
  // the visa (Visa Code Art. 15); for a visa-exempt (Annex II) national no rule says what to hold.
  if (topic === 'insurance' && (input.visaFree || (nationality !== null && isVisaExempt(input.knowledge, nationality)))) return { reason: 'no_matching_rule' };
  if (asks.length === 0) return part;
  // "Do I need a transit visa?" depends on who asks: without a nationality, no fact answers it.
  if (nationality === null && asks.some((kind) => language.needsNationality.get(kind)?.has(topic) === true)) return { reason: 'missing_nationality' };
  const answered = asks.every((kind) => language.anyKinds.has(kind) || answersKind(language, kind, topic, part));
  return answered ? part : { reason: 'no_matching_rule' };
}


/**
 * "Do Indians need a transit visa for Amsterdam?": Annex IV is the common list, and a state may
 * also require an airport transit visa of other nationals (Visa Code Art. 3(2)); the rules hold
 * no state's own list. So for a nationality not on Annex IV, asked whether a named state requires
 * one (the asks.json kind `requirement`), no rule says (unless the question asks about an
 * exemption, which holds wherever it is).
 */
function onlyStateListsDecide(asks: readonly string[], input: PartInput, part: AnswerPart): boolean {
  if (!isAnswered(part) || input.nationality === null || !asks.includes(REQUIREMENT_KIND)) return false;
  if (input.country === null && input.places.states.length === 0) return false;
  if (part.facts.some((fact) => fact.id === 'airport_transit.exemptions')) return false;
  return !isOnList(input.knowledge, 'airport_transit', 'airport_transit.annex_iv', input.nationality);
}


/**
 * Whether the question asks yes or no, by the `coverage` of its own language (fact-cues.json, or
 * `fact_cues` in another language's file): a clause of it opens with one of the yes/no `forms`,
 * after any context ("my friend stayed…, did the guard make a mistake?"), or is one of the
 * `after_context` forms ("with a multiple German visa do I have to…"), and no sentence is one of
 * the `not_yes_no` forms ("what…", "how…"). False in a language without coverage.
 */
export function asksYesOrNo(reading: QuestionReading): boolean {
  const coverage = reading.factCues.coverage;
  if (!coverage) return false;
  if (reading.sentences.some((sentence) => coverage.notYesNo.some((form) => form.test(sentence)))) return false;
  return reading.clauses.some((clause) => coverage.afterContext.some((form) => form.test(` ${clause.trim()} `)) || coverage.forms.some((form) => form.test(clause)));
}


/**
 * Whether some answered part answers one of the forms the question asks (an amount, a
 * duration...); true when it asks none.
 */
export function answersTheForm(language: LanguageTables, asks: readonly string[], parts: readonly AnswerPart[], topics: readonly string[]): boolean {
  const forms = asks.filter((kind) => language.anyKinds.has(kind));
  if (forms.length === 0) return true;
  return parts.some((part, index) => forms.some((kind) => answersKind(language, kind, topics[index] ?? '', part)));
}


/**
 * Whether the answer names what a yes/no question asks about (the `coverage` block of the
 * question's own language: fact-cues.json for English, `fact_cues.coverage` in another language's
 * file). Each clause of the question matching a coverage form ("can I apply for ETIAS by phone or
 * email?", after any context: "I live in Manchester, can I…") is a yes/no question; each of its
 * content words must be covered by a word of the answer (its sentences, its facts' ids and cues),
 * by what the question was understood to ask for the topics answered (their intent phrases, the
 * places, nationality, purpose and stay), by a country name, by a name written with a capital
 * inside the clause, by a refusal ground the question quotes (`reading.quoted`), or by a generic
 * word that asks for no fact in particular. `min_uncovered` words left over ("phone", "email") are
 * a detail no rule states: the topic's facts merely stand next to it. A question of any form is
 * held to the same test over all its sentences when the language's coverage sets
 * `min_uncovered_any` ("what happens to my EES record if my chip is broken and I take the
 * queue?"): that many words left over make it a detail too.
 */
export function coversTheQuestion(language: LanguageTables, reading: QuestionReading, parts: readonly AnswerPart[], topics: readonly string[]): boolean {
  // The coverage block of the question's own language (`fact_cues.coverage` in another language's
  // file): its yes/no forms and generic words, its fact cues and its reduced words name what it asks.
  const coverage = reading.factCues.coverage;
  if (!coverage) return true;
  // Read with another language's tables: its own fact cues name the facts too.
  const foreign = reading.factCues !== language.factCues;
  const asked = reading.firstAsking;
  const yesOrNo = coverage.forms.some((form) => form.test(` ${asked.map((token) => token.word).join(' ')} `));
  if (!yesOrNo && coverage.minUncoveredAny === null) return true;
  const answered = parts.filter(isAnswered);
  if (answered.length === 0) return true;
  const covered = new Set<string>();
  const cover = (phrase: string): void => {
    for (const word of phrase.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word) covered.add(wordStem(word));
  };
  for (const part of answered) {
    for (const sentence of part.sentences) cover(sentence);
    for (const fact of part.facts) {
      cover(fact.id);
      for (const phrase of language.factCues.byFact.get(fact.id) ?? []) cover(phrase);
      if (foreign) for (const phrase of reading.factCues.byFact.get(fact.id) ?? []) cover(phrase);
    }
  }
  for (const evidence of reading.classification.evidence) {
    if (evidence.field === 'language' || evidence.field === 'spelling' || typeof evidence.matched !== 'string') continue;
    if (evidence.field === 'intent' && !topics.includes(topicOfIntent(evidence.value as Intent))) continue;
    cover(evidence.matched);
  }
  const { words } = reading;
  for (let start = 0; start < words.length; start += 1) {
    const country = reading.countryTerms.matchAt(words, start);
    if (country) cover(words.slice(country.start, country.end).join(' '));
  }
  // A word written with a capital after the clause's first ("Manchester", "Schiphol") names a place or a person.
  const isName = (raw: string, index: number): boolean => index > 0 && /^[A-Z][a-z]/.test(raw);
  // The crude English stem is for English words only: on German "krankenversicherung" it would give "krank".
  const isGeneric = (word: string): boolean => coverage.generic.has(word) || (!foreign && coverage.generic.has(wordStem(word)));
  // A refusal letter's ground quoted ('refused for "reasonable doubts about…"', can I appeal?) is
  // context, not what the appeal question asks (fact-cues.json `quotation_topics`); elsewhere a
  // quotation may be the very thing asked.
  const quotationTopics = language.factCues.coverage?.quotationTopics;
  const quotedContext = topics.some((topic) => quotationTopics?.has(topic) === true) ? reading.quoted : NO_WORDS;
  const isCovered = (word: string): boolean => covered.has(wordStem(word)) || quotedContext.has(word);
  const uncovered = (tokens: readonly Token[]): number =>
    tokens.filter(({ raw, word }, index) => {
      const reduced = foreign ? reading.factCues.reduce(word) : word;
      return (word.length > 2 || TWO_HAN.test(word)) && !/^[0-9]/.test(word) && !isName(raw, index) && !isGeneric(word) && !isGeneric(reduced) && !isCovered(word) && !isCovered(reduced);
    }).length;
  if (yesOrNo && uncovered(asked) >= coverage.minUncovered) return false;
  return coverage.minUncoveredAny === null || uncovered(reading.tokens) < coverage.minUncoveredAny;
}


const NO_WORDS: ReadonlySet<string> = new Set();

/** A Chinese word of two characters: most Chinese words are, so the length rule of other scripts would skip them. */
const TWO_HAN = /^\p{Script=Han}{2}$/u;

/** A crude English stem for comparing a question word with an answer word: no plural or verb ending, at most five letters ("expires", "expiry" → "expir"). */
function wordStem(word: string): string {
  return word.replace(/(ies|es|s|ed|ing|ly)$/, '').slice(0, 5);
}


/** Whether the rules declare that a part answers a kind: by its topic, one of its fact ids or one of its facts' kinds (asks.json). */
function answersKind(language: LanguageTables, kind: string, topic: string, part: AnswerPart): boolean {
  if (!isAnswered(part)) return false;
  const by = language.answeredBy.get(kind);
  const byKinds = language.answeredByKinds.get(kind);
  if (by === undefined) return false;
  return by.has('*') || by.has(topic) || part.facts.some((fact) => by.has(fact.id) || byKinds?.has(fact.kind ?? inferFactKind(fact.id, fact.value)) === true);
}


/** Whether a nationality is on Annex II of the EU visa list (`visa_requirement.annex_ii`). */
export function isVisaExempt(knowledge: Knowledge, nationality: string): boolean {
  return isOnList(knowledge, 'visa_requirement', 'visa_requirement.annex_ii', nationality);
}


/** Whether a nationality is on a list fact of a general topic (entries with a `code`). */
function isOnList(knowledge: Knowledge, topic: GeneralTopic, factId: string, nationality: string): boolean {
  const list = knowledge.generalFacts(topic).find((fact) => fact.id === factId);
  return Array.isArray(list?.value) && list.value.some((entry) => entry !== null && typeof entry === 'object' && (entry as Record<string, unknown>).code === nationality);
}

