import { z } from 'zod';
import { CalendarDateSchema } from '../http/envelope.js';
import { FACT_VALUE_SCHEMAS, type FactKind } from '../knowledge/fact-values.js';
import { pascalCase } from '../knowledge/fact.js';
import { TopicSchema, TravelPurposeSchema } from '../knowledge/topics.js';
import { IntentSchema } from '../language/language-tables.js';
import { LanguageCodeSchema, LanguageHintSchema } from '../language/question-schemas.js';
import { AnswerReasonSchema } from './answer-reason.js';


/**
 * `POST /answer` body. `question` is required (1 to 1,000 characters after trimming). The
 * optional hints override what the question says: a platform that already knows the destination,
 * the purpose or the length of stay sends them and gets an answer for exactly those.
 */
export const AnswerBodySchema = z
  .strictObject({
    question: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(1000, 'must be at most 1,000 characters')
      .meta({ description: "The user's question in free text, 1 to 1,000 characters after trimming.", example: 'How much money do I need for 10 days in France?' }),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO 3166-1 alpha-2 country code, for example FR')
      .transform((code) => code.toUpperCase())
      .optional()
      .meta({ description: 'Hint: the destination state, ISO alpha-2, any case (`EL` is accepted for Greece). Overrides the country the question names. A non-Schengen code gives `answer: null` with reason `not_schengen_state`.', example: 'FR' }),
    travel_purpose: TravelPurposeSchema.optional().meta({ description: 'Hint: the purpose of the journey. Overrides the purpose the question names. Visiting friends counts as `family`.' }),
    days: z.number().int().min(1).max(90).optional().meta({ description: 'Hint: the length of stay in days, 1 to 90. Overrides the length the question names.', example: 10 }),
    language: LanguageHintSchema.optional(),
  })
  .meta({ id: 'AnswerRequest', description: 'A question, with optional hints that override what the question says.' });
export type AnswerBody = z.output<typeof AnswerBodySchema>;

function answerFactOf<K extends FactKind, V extends z.ZodType>(kind: K, value: V) {
  return z
    .object({
      id: z.string().meta({ description: 'Id of the fact: a rule fact of rules/ (e.g. `fees.adult`), a document item, or a financial band of a state.' }),
      kind: z.literal(kind),
      value: z.nullable(value).meta({ description: 'The value the text states, of the shape of `kind`. Null only for a confirmed absence, e.g. a state that publishes no reference amount.' }),
      sources: z.array(z.string()).min(1).meta({ description: 'Registry ids of the sources the fact rests on (see GET /sources); every one is in `meta.sources`.' }),
      last_verified_at: CalendarDateSchema.nullable().meta({ description: 'When this fact was last verified against its sources, or null when no date is known; `meta.last_verified_at` is the oldest of these (null if any is null).' }),
    })
    .meta({ id: `Answer${pascalCase(kind)}Fact`, description: `A fact of kind \`${kind}\` an answer rests on.` });
}

/** A fact an answer rests on: a discriminated union on `kind`, as `Fact` (the kinds are the same). */
export const AnswerFactSchema = z
  .discriminatedUnion('kind', [
    answerFactOf('date', FACT_VALUE_SCHEMAS.date),
    answerFactOf('url', FACT_VALUE_SCHEMAS.url),
    answerFactOf('text', FACT_VALUE_SCHEMAS.text),
    answerFactOf('duration_days', FACT_VALUE_SCHEMAS.duration_days),
    answerFactOf('duration_months', FACT_VALUE_SCHEMAS.duration_months),
    answerFactOf('duration_years', FACT_VALUE_SCHEMAS.duration_years),
    answerFactOf('number', FACT_VALUE_SCHEMAS.number),
    answerFactOf('yes_no', FACT_VALUE_SCHEMAS.yes_no),
    answerFactOf('conditional_rule', FACT_VALUE_SCHEMAS.conditional_rule),
    answerFactOf('link', FACT_VALUE_SCHEMAS.link),
    answerFactOf('money', FACT_VALUE_SCHEMAS.money),
    answerFactOf('money_options', FACT_VALUE_SCHEMAS.money_options),
    answerFactOf('money_total', FACT_VALUE_SCHEMAS.money_total),
    answerFactOf('money_per_day', FACT_VALUE_SCHEMAS.money_per_day),
    answerFactOf('fee_table', FACT_VALUE_SCHEMAS.fee_table),
    answerFactOf('number_table', FACT_VALUE_SCHEMAS.number_table),
    answerFactOf('date_table', FACT_VALUE_SCHEMAS.date_table),
    answerFactOf('country_codes', FACT_VALUE_SCHEMAS.country_codes),
    answerFactOf('text_list', FACT_VALUE_SCHEMAS.text_list),
    answerFactOf('country_list', FACT_VALUE_SCHEMAS.country_list),
    answerFactOf('financial_band', FACT_VALUE_SCHEMAS.financial_band),
    answerFactOf('source', FACT_VALUE_SCHEMAS.source),
    answerFactOf('visa_status', FACT_VALUE_SCHEMAS.visa_status),
    answerFactOf('main_destination', FACT_VALUE_SCHEMAS.main_destination),
    answerFactOf('structured', FACT_VALUE_SCHEMAS.structured),
  ])
  .meta({ id: 'AnswerFact', description: 'A fact the answer text rests on; `kind` says what `value` holds.' });
export type AnswerFact = z.infer<typeof AnswerFactSchema>;

export const AnswerSchema = z
  .object({
    text: z.string().meta({ description: 'Short plain-text answer rendered only from `facts`: nothing in it that is not in a fact. Written in English whatever the language of the question (`language` says what that was).' }),
    facts: z.array(AnswerFactSchema).min(1),
  })
  .meta({ id: 'Answer' });

/**
 * A topic an answer reports: a topic of the shared vocabulary, `sources` for a source question,
 * or, for an intent that has no topic (the capabilities awaiting integration, `unknown`), the
 * intent itself.
 */
export const AnswerTopicSchema = z
  .union([TopicSchema, z.literal('sources'), IntentSchema])
  .meta({ id: 'AnswerTopic', description: 'A topic (`fees`, `financial_means`…), `sources`, or the intent itself for an intent without a topic (`refusal`, `unknown`…).' });
export type AnswerTopic = z.infer<typeof AnswerTopicSchema>;

export const UnansweredTopicSchema = z
  .object({
    topic: AnswerTopicSchema.meta({ description: 'A topic of `topics` that the answer does not cover (e.g. `financial_means`).' }),
    reason: AnswerReasonSchema.meta({ description: 'Why that topic has no answer, from the same list as `reason`.' }),
  })
  .meta({ id: 'UnansweredTopic' });
export type UnansweredTopic = z.infer<typeof UnansweredTopicSchema>;

export const AnswerDataSchema = z
  .object({
    answer: AnswerSchema.nullable().meta({ description: 'The answer, or null when no rule answers the question (see `reason`).' }),
    reason: AnswerReasonSchema.nullable().meta({ description: 'Why `answer` is null; null when there is an answer.' }),
    capability: z.string().nullable().meta({ description: 'With reason `capability_not_available`: the capability awaiting integration the question belongs to (see /status); else null.' }),
    language: LanguageCodeSchema,
    intent: IntentSchema.meta({ description: 'The intent understood, as POST /classify reports it.' }),
    topics: z.array(AnswerTopicSchema).meta({ description: 'The rule topics the question asks about (several when it asks several things); those the answer does not cover are in `unanswered`.' }),
    unanswered: z.array(UnansweredTopicSchema).meta({
      description:
        'Each topic of `topics` that has no answer of its own, with its reason, in the order of `topics`; empty when every topic asked was answered. A non-null answer lists here the parts of the question it leaves out (e.g. a state whose reference amount is not verified, next to the fee that is). A null answer lists the topics that had no answer and its `reason` is one of theirs (the main topic\'s; with competing intents and none answered, the most useful); a second topic the rules could answer is not given alone when the main one has none, so it is not listed.',
    }),
    country: z.string().regex(/^[A-Z]{2}$/).nullable().meta({ description: 'The destination state (ISO 3166-1 alpha-2, upper case) understood or hinted, or null.', example: 'FR' }),
    travel_purpose: TravelPurposeSchema.nullable(),
    days: z.number().int().min(1).nullable().meta({ description: 'The length of stay in days understood or hinted, or null.' }),
    nationality: z.string().regex(/^[A-Z]{2}$/).nullable().meta({ description: "The applicant's nationality (ISO 3166-1 alpha-2, upper case) if the question gives it, else null.", example: 'IN' }),
    confidence: z.number().min(0).max(1).meta({ description: 'Confidence of the understanding, as POST /classify reports it.' }),
  })
  .meta({ id: 'AnswerData', description: 'A source-based answer, or null with a reason.' });
export type AnswerData = z.infer<typeof AnswerDataSchema>;
