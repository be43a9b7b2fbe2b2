import { z } from 'zod';
import { GENERAL_TOPICS } from '../knowledge/topics.js';
import { STOPWORD_LANGUAGES, stopwordsOf } from './natural-parts.js';
import { phraseList, regexSource } from './table-schemas.js';


/**
 * What a yes/no question must find in its answer (issue 9): a question matching one of `forms`
 * ("can I apply for ETIAS by phone?") is answered only when the facts given name what it asks
 * about; `min_uncovered` content words that neither the answer's facts nor what the question was
 * understood to ask (its intent, places, purpose…) nor `generic` (words that ask for no fact in
 * particular: "visa", "now", "my husband") name make it a detail no rule states.
 * `min_uncovered_any` does the same for a question of any form, counted over all its sentences
 * ("what happens to my EES record if my passport chip is broken and I use the queue?"): so many
 * words no answer names make it a detail, whether or not it opens as a yes/no question.
 * `stopwords` adds natural's stop-word list of a language to `generic`.
 * `quotation_topics`: the topics whose answer a quotation in the question (three words or more:
 * a refusal letter's ground) does not have to name, being context, not what is asked (English
 * file only: it holds for a question in any language).
 */
const regexList = z.array(regexSource).default([]);

const CoverageSchema = z.strictObject({
  forms: regexList,
  /** Sentence forms that never ask yes or no ("what…", "how…"): a question with such a sentence is no yes/no question. */
  not_yes_no: regexList,
  /** Yes/no clauses after a leading phrase ("with a German visa do I have to…"), tested on each clause trimmed and padded. */
  after_context: regexList,
  generic: phraseList.default([]),
  stopwords: z.enum(STOPWORD_LANGUAGES).optional(),
  min_uncovered: z.number().int().min(1).default(2),
  min_uncovered_any: z.number().int().min(1).optional(),
  quotation_topics: z.array(z.enum(GENERAL_TOPICS)).default([]),
});

/**
 * Which fact of a general topic a question asks for (fact-cues.json; `fact_cues` in another
 * language's file): topic → fact id → the phrases that ask for that fact specifically ("child" for
 * the child fees), and the phrases that ask for a topic as a whole next to a detail. How each fact
 * is written, which are defaults and which exclusive stays in src/answers/general-templates.ts.
 */
export const FactCuesSchema = z.strictObject({
  overview: phraseList.default([]),
  coverage: CoverageSchema.optional(),
  topics: z.partialRecord(z.enum(GENERAL_TOPICS), z.record(z.string().regex(/^[a-z_]+(\.[a-z0-9_]+)+$/, 'must be a fact id such as fees.adult'), phraseList.min(1))).default({}),
});
export const FactCuesFileSchema = FactCuesSchema.extend({ $comment: z.string().optional() });

/** Compiled fact cues: each phrase as the language's reduced words joined by one space. */
export interface FactCues {
  overview: readonly string[];
  /** Topic → fact id → phrases. */
  byTopic: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
  /** Fact id → its phrases under every topic: the words that name a fact in an answer (the yes/no coverage). */
  byFact: ReadonlyMap<string, readonly string[]>;
  /** What a yes/no question (and, past `minUncoveredAny` words, any question) must find in its answer (`coverage`), compiled; absent when the file has none. */
  coverage?: { forms: readonly RegExp[]; notYesNo: readonly RegExp[]; afterContext: readonly RegExp[]; generic: ReadonlySet<string>; minUncovered: number; minUncoveredAny: number | null; quotationTopics: ReadonlySet<string> };
  /** One word as the language's tables reduce it (a stem in French, the word itself in English), to compare a question's words with these cues. */
  reduce: (word: string) => string;
}

/** Compiles fact cues with the language's word function (`wordsOf`: reduced words in the language of the file). */
export function compileFactCues(file: z.output<typeof FactCuesSchema>, wordsOf: (phrase: string) => string[]): FactCues {
  const words = (phrases: readonly string[]) => phrases.map((p) => wordsOf(p).join(' '));
  const byTopic = new Map(Object.entries(file.topics).map(([topic, facts]) => [topic, new Map(Object.entries(facts).map(([fact, phrases]) => [fact, words(phrases)]))]));
  const byFact = new Map<string, string[]>();
  for (const facts of byTopic.values()) for (const [fact, phrases] of facts) byFact.set(fact, [...(byFact.get(fact) ?? []), ...phrases]);
  return {
    overview: words(file.overview),
    byTopic,
    byFact,
    ...(file.coverage ? { coverage: compileCoverage(file.coverage, wordsOf) } : {}),
    reduce: (word) => wordsOf(word)[0] ?? word,
  };
}

function compileCoverage(coverage: z.output<typeof CoverageSchema>, wordsOf: (phrase: string) => string[]): NonNullable<FactCues['coverage']> {
  const stopwords = coverage.stopwords ? stopwordsOf(coverage.stopwords) : [];
  return {
    forms: coverage.forms.map((form) => new RegExp(form)),
    notYesNo: coverage.not_yes_no.map((form) => new RegExp(form)),
    afterContext: coverage.after_context.map((form) => new RegExp(form)),
    // A stop word counts as typed and as the tables reduce it.
    generic: new Set([...coverage.generic.flatMap(wordsOf), ...stopwords, ...stopwords.flatMap(wordsOf)]),
    minUncovered: coverage.min_uncovered,
    minUncoveredAny: coverage.min_uncovered_any ?? null,
    quotationTopics: new Set(coverage.quotation_topics),
  };
}
