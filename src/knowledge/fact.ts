import { z } from 'zod';
import { CalendarDateSchema } from '../http/envelope.js';

/** How a published value was established (the dossier's marks; UNCONFIRMED and CONFLICT are never published). */
export const ConfidenceSchema = z
  .enum(['confirmed', 'confirmed_secondary', 'derived'])
  .meta({
    id: 'Confidence',
    description:
      '`confirmed`: read in an official source. `confirmed_secondary`: read in a source that quotes an official one. `derived`: calculated from a confirmed formula and confirmed inputs.',
  });
export type Confidence = z.infer<typeof ConfidenceSchema>;

/** Fact and source ids: lower case, dot/underscore/hyphen separated, e.g. `fees.adult`. */
export const IdSchema = z.string().regex(/^[a-z0-9]+([._-][a-z0-9]+)*$/, 'must be lower case letters and digits separated by ".", "_" or "-", e.g. fees.adult');

const FactValueSchema = z.union([z.number(), z.string(), z.boolean(), z.record(z.string(), z.unknown()), z.array(z.unknown())]);

/**
 * One fact as the rule files carry it and as responses expose it (shared vocabulary).
 * A null value always has a reason; a published value always has a confidence and at least one
 * source. For a null value, `confidence` is null unless it qualifies the absence itself
 * (for example "Austria publishes no amount" is itself confirmed).
 */
export const FactSchema = z
  .strictObject({
    id: IdSchema.meta({ description: 'Unique id of the fact, e.g. `fees.adult`.' }),
    value: FactValueSchema.nullable().meta({ description: 'The value, or null when it is not published (see `reason`).' }),
    sources: z.array(IdSchema).meta({ description: 'Ids of the registered sources the fact rests on (see GET /sources).' }),
    last_verified_at: CalendarDateSchema.nullable().meta({ description: 'When the value was last verified against its sources, or null if unknown.' }),
    confidence: ConfidenceSchema.nullable(),
    reason: z.string().min(1).optional().meta({ description: 'Why the value is null (unconfirmed, sources conflict, none published), or a caveat on it.' }),
    note: z.string().min(1).optional().meta({ description: 'A caveat or explanation that goes with the value.' }),
  })
  .superRefine((fact, ctx) => {
    if (fact.value === null && !fact.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'a fact whose value is null needs a "reason" saying why it is not published' });
    }
    if (fact.value !== null && fact.confidence === null) {
      ctx.addIssue({ code: 'custom', path: ['confidence'], message: 'a published value needs a confidence: "confirmed", "confirmed_secondary" or "derived"' });
    }
    if (fact.value !== null && fact.sources.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['sources'], message: 'a published value needs at least one source id' });
    }
  })
  .meta({ id: 'Fact', description: 'One fact with its sources, verification date and confidence. A null value carries a reason.' });
export type Fact = z.infer<typeof FactSchema>;

/**
 * The oldest verification date among the facts a response uses: a response is only as fresh
 * as its stalest part. A part whose date is unknown (null: the research could not date its
 * source) makes the whole response's date unknown, so null: a date is never claimed for
 * information that was not verified on or after it. Null too when there are no parts.
 */
export function oldestVerificationDate(dates: Iterable<string | null | undefined>): string | null {
  let oldest: string | null = null;
  for (const date of dates) {
    if (!date) return null;
    if (oldest === null || date < oldest) oldest = date;
  }
  return oldest;
}
