import { z } from 'zod';
import { ERROR_CODE_LIST } from '../errors/error-codes.js';

/** Calendar date, YYYY-MM-DD (spec 2.2, 2.3). */
export const CalendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ description: 'Calendar date, YYYY-MM-DD.', format: 'date', example: '2026-09-09' });

/** Spec 2.3: one source an answer rests on. */
export const SourceSchema = z
  .object({
    organization: z.string().meta({ description: 'Name of the publishing body.' }),
    url: z.string().meta({ description: 'Address of the source.', format: 'uri', example: 'https://eur-lex.europa.eu/eli/reg/2009/810/oj' }),
    official: z.boolean().meta({ description: 'Whether the source is an official one.' }),
    last_checked_at: CalendarDateSchema.nullable().meta({
      description: 'Date the source was last checked, or null if unknown.',
    }),
  })
  .meta({ id: 'Source', description: 'A source the response rests on (spec 2.3).' });
export type Source = z.infer<typeof SourceSchema>;

const NOT_A_DECISION =
  'It is not an official consular decision and does not replace one: the consulate or border authority of the Schengen state concerned decides each application case by case.';

/**
 * The disclaimer of every response. Not every registered source is official (a legal database
 * quoting the Visa Code, a press report), so it says "the sources it lists", each marked
 * `official` or not, rather than "official sources".
 */
export const DISCLAIMER = `This response is general information drawn from the sources it lists, each marked official or not. ${NOT_A_DECISION}`;

/** The disclaimer of a response whose facts rest only on non-official sources: it says so. */
export const DISCLAIMER_NON_OFFICIAL = `This response is general information drawn only from non-official sources (a legal database, a transcription or a press report that quotes or reports the official text); check the official text before relying on it. ${NOT_A_DECISION}`;

/** The disclaimer for a response resting on these sources: the non-official one when it has sources and none is official. */
export function disclaimerFor(sources: readonly Source[]): string {
  return sources.length > 0 && sources.every((source) => !source.official) ? DISCLAIMER_NON_OFFICIAL : DISCLAIMER;
}

/** Spec 2.2. */
export const MetaSchema = z
  .object({
    units: z.number().int().min(0).meta({ description: 'Metering units charged for the call.' }),
    livemode: z.boolean().meta({ description: '`true` for a live key, `false` for a test key.' }),
    last_verified_at: CalendarDateSchema.nullable().meta({
      description:
        'The oldest verification date among the facts this response uses (a response is only as fresh as its stalest part). Null when it uses no fact, or when any fact it uses has no known verification date (each fact in `data` carries its own date): a date is never claimed for information not verified on or after it.',
    }),
    sources: z.array(SourceSchema).meta({ description: 'Exactly the sources the response rests on.' }),
    disclaimer: z.string().meta({ description: 'States that the response is not an official consular decision; when every source it lists is non-official, says that too.' }),
  })
  .meta({ id: 'Meta' });
export type Meta = z.infer<typeof MetaSchema>;

export const RequestIdSchema = z
  .string()
  .regex(/^req_[A-Za-z0-9]{20,}$/)
  .meta({ description: 'Identifier of the request: `req_` and 24 opaque characters. Also sent as `X-Request-Id`.', example: 'req_4fQ2x9LmP0aZb7TnC1dWe3Ky' });

/** Spec 2.1: the success envelope around an operation's data schema. */
export function successEnvelopeSchema<T extends z.ZodType>(data: T, id: string) {
  return z
    .object({ request_id: RequestIdSchema, data, meta: MetaSchema })
    .meta({ id, description: 'Success envelope (spec 2.1).' });
}

export const ErrorCodeSchema = z.enum(ERROR_CODE_LIST).meta({ id: 'ErrorCode' });

/**
 * The fields of `error` besides `code` (spec 2.4 gives `code` and `message`; the rest are
 * documented extras, present only when they apply).
 */
export const ErrorDetailsShape = {
  message: z.string().meta({ description: 'What went wrong and, where possible, how to fix it.' }),
  param: z.string().optional().meta({ description: 'The parameter (query, path, body field, or `body`) that caused the error.' }),
  allowed: z.array(z.string()).optional().meta({ description: 'The allowed values of that parameter, when it is an enum.' }),
  capability: z.string().optional().meta({ description: 'The capability concerned (501, 403 `entitlement_disabled`).' }),
  retry_after: z.number().int().min(0).optional().meta({ description: 'Seconds until a retry may succeed; the same value as the `Retry-After` header.' }),
};

/** Spec 2.4, with the documented optional extras inside `error`. */
export const ErrorEnvelopeSchema = z
  .object({
    request_id: RequestIdSchema,
    error: z.object({ code: ErrorCodeSchema, ...ErrorDetailsShape }),
  })
  .meta({ id: 'ErrorEnvelope', description: 'Error envelope (spec 2.4).' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/**
 * What a handler returns: its data, grounded in the sources it used.
 * `lastVerifiedAt` is the oldest verification date among the facts used; null if none, or if one is undated.
 */
export interface Grounded<T> {
  data: T;
  sources: Source[];
  lastVerifiedAt: string | null;
}
