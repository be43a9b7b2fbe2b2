import { z } from 'zod';
import { TopicSchema } from '../knowledge/topics.js';
import { API_PATHS } from './api-paths.js';
import { SUPPORTED_LANGUAGES } from './identify-language.js';
import { EmploymentSchema, IntentSchema, TravelPurposeSchema } from './language-tables.js';

/** Longest question accepted, in characters after trimming. */
export const MAX_QUESTION_LENGTH = 1000;

/**
 * Whether ICU knows `code` as a language. Its display-name data is built at the first hint, not at
 * start: most requests carry none, and ICU's data costs resident memory (docs/performance.md).
 */
let languageNames: Intl.DisplayNames | undefined;
function isLanguageCode(code: string): boolean {
  languageNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  return languageNames.of(code) !== undefined;
}

/**
 * The optional `language` hint of POST /classify, /route and /answer: an ISO 639-1 code, any
 * case. It wins over the language identified from the text. A valid code of a language we do not
 * support (`hi`) is accepted and gives `unsupported_language`; a code that is no ISO 639-1
 * language (`xx`, `eng`) is a 400.
 */
export const LanguageHintSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO 639-1 language code, for example fr')
  .transform((code) => code.toLowerCase())
  .refine(isLanguageCode, 'must be a two-letter ISO 639-1 language code, for example fr')
  .meta({
    description: `Hint: the language of the question, ISO 639-1, any case. Wins over the language identified from the text. Supported: ${SUPPORTED_LANGUAGES.join(', ')}; another valid code is accepted and gives intent \`unknown\` (POST /answer: reason \`unsupported_language\`).`,
    example: 'fr',
  });

/** Data of /classify, /route and /answer: the language the question was read in. */
export const LanguageCodeSchema = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Z][a-z]{3})?$/)
  .nullable()
  .meta({
    description: `The language the question was read in: the \`language\` hint, else the one identified from the text (ISO 639-1, e.g. \`fr\`; a few languages without a two-letter code as CLD3 names them, e.g. \`fil\`, \`zh-Latn\` for romanised Chinese). Null when the text has no letter to tell it by (it is then read as English). Supported: ${SUPPORTED_LANGUAGES.join(', ')}; any other gives intent \`unknown\`, never a guess through the tables of another language. Answers are written in English whatever the language.`,
    example: 'en',
  });

/** Body of POST /classify and POST /route: the user's question as typed, and an optional language hint. */
export const QuestionBodySchema = z
  .strictObject({
    question: z
      .string()
      .trim()
      .min(1, `must be 1 to ${MAX_QUESTION_LENGTH} characters after trimming`)
      .max(MAX_QUESTION_LENGTH, `must be 1 to ${MAX_QUESTION_LENGTH} characters after trimming`)
      .meta({ description: `The user's question in free text, in any case and spelling, 1 to ${MAX_QUESTION_LENGTH} characters after trimming.`, example: 'I am Indian, what documents do I need to visit my sister in Amsterdam for 3 weeks?' }),
    language: LanguageHintSchema.optional(),
  })
  .meta({ id: 'QuestionBody', description: 'A free-text question. Unknown fields are rejected with 400.' });
export type QuestionBody = z.infer<typeof QuestionBodySchema>;

const IsoCode = z.string().regex(/^[A-Z]{2}$/);

export const EvidenceSchema = z
  .object({
    field: z.enum(['language', 'intent', 'country', 'destination', 'travel_purpose', 'days', 'nationality', 'employment', 'minor', 'spelling']),
    value: z.union([z.string(), z.number(), z.boolean(), z.null()]).meta({ description: 'The value this evidence supports (null for a country set aside, e.g. where the applicant lives).' }),
    matched: z.string().meta({ description: 'The words that matched, normalised (lower case, no accents), or the code as typed.' }),
    rule: z.string().meta({ description: 'The table rule that matched, e.g. `signal "documents"`, `city after "to", destination`.' }),
    weight: z.number().optional().meta({ description: 'For intent signals: the weight the signal added to the intent score.' }),
  })
  .meta({ id: 'Evidence', description: 'One reason behind the classification.' });

export const ClassificationSchema = z
  .object({
    language: LanguageCodeSchema,
    intent: IntentSchema.meta({ description: 'What the question asks. `out_of_scope`: not a Schengen short-stay visa question, or a destination outside the Schengen area. `unknown`: confidence under the threshold (0.5), unless several answerable questions are each strongly cued ("the fee and the documents for Greece"), which gives the best of them.' }),
    confidence: z.number().min(0).max(1).meta({ description: 'best score / (best + runner-up + 1), the runner-up being the best intent routed to another operation; 0.9 for a non-Schengen destination. Under 0.5 (a tie between two operations) the intent is `unknown`, unless several answerable questions are each strongly cued (then the best of them, answered together by POST /answer).' }),
    country: IsoCode.nullable().meta({ description: 'ISO 3166-1 alpha-2 code of the Schengen state the question is about, or null.' }),
    destination_status: z.enum(['schengen', 'not_schengen']).nullable().meta({ description: '`not_schengen` when every destination named is outside the Schengen area (UK, Ireland, Cyprus, USA, Andorra...): the question is out of scope. A Schengen destination wins over a non-member named beside it (`schengen`). Null when no destination is named.' }),
    non_schengen_destination: IsoCode.nullable().meta({ description: 'ISO code of that non-Schengen destination, set only when destination_status is not_schengen; otherwise null.' }),
    travel_purpose: TravelPurposeSchema.nullable().meta({ description: 'tourism, business or family (visiting friends counts as family), or null.' }),
    days: z.number().int().positive().nullable().meta({ description: 'Length of stay in days ("two weeks" = 14, "a month" = 30), or null.' }),
    profile: z.object({
      nationality: IsoCode.nullable().meta({ description: 'ISO code of the applicant\'s nationality ("I am Indian" → IN), or null.' }),
      employment: EmploymentSchema.nullable(),
      minor: z.boolean().nullable().meta({ description: 'Whether the applicant is under 18, or null if not stated.' }),
    }),
    topic: TopicSchema.nullable().meta({ description: 'The source-registry topic of the intent (documents, fees, short_stay...), or null.' }),
    candidates: z.array(z.object({ intent: IntentSchema, score: z.number() })).meta({ description: 'Up to three best-scoring intents, best first.' }),
    evidence: z.array(EvidenceSchema).meta({ description: 'Which words or rules matched what; every intent and every non-null field has at least one entry.' }),
  })
  .meta({ id: 'Classification' });

export const RouteDataSchema = z
  .object({
    language: LanguageCodeSchema,
    intent: IntentSchema,
    confidence: z.number().min(0).max(1),
    service: z
      .object({
        method: z.enum(['GET', 'POST']),
        path: z.enum(API_PATHS).meta({ description: 'Path template as the spec writes it, relative to the server URL, e.g. `/requirements`, `/countries/{country}`: a key of `paths` in /openapi.json.' }),
        status: z.enum(['active', 'awaiting_integration']).meta({ description: 'The capability\'s current state; awaiting_integration operations answer 501.' }),
      })
      .nullable()
      .meta({ description: 'The operation that answers the question, or null when it is out of scope or unknown.' }),
    parameters: z.object({
      country: IsoCode.nullable(),
      travel_purpose: TravelPurposeSchema.nullable(),
      days: z.number().int().positive().nullable(),
      nationality: IsoCode.nullable(),
      topic: TopicSchema.nullable(),
    }),
    request: z
      .object({
        method: z.enum(['GET', 'POST']),
        path: z.string().regex(/^\/api\/v1\//).meta({ description: 'Filled path including the /api/v1 base, e.g. `/api/v1/countries/FR`, for a plain HTTP client.' }),
        template: z.enum(API_PATHS).meta({ description: 'The same path as a template relative to the server URL (a key of `paths` in /openapi.json), for a generated client: `client.GET(request.template, { params: { path: { country: parameters.country }, query: request.query } })`.', example: '/countries/{country}' }),
        query: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
        body: z.record(z.string(), z.unknown()).nullable(),
        missing: z.array(z.string()).meta({ description: 'Required parameters the question did not give; fill them before calling.' }),
      })
      .nullable()
      .meta({ description: 'A ready-to-call request for the service, or null with it.' }),
    evidence: z.array(EvidenceSchema),
  })
  .meta({ id: 'Route' });
