import { z } from 'zod';
import { CalendarDateSchema } from '../http/envelope.js';
import { FACT_VALUE_SCHEMAS, FactKindSchema, inferFactKind, type FactKind } from './fact-values.js';

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

/** ISO 3166-1 alpha-2 code in upper case, as the rule files write it. */
export const IsoCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'must be an upper-case ISO 3166-1 alpha-2 code, e.g. FR');

/** What a rule file may hold as a value, before its kind is known. */
const RuleValueSchema = z.union([z.number(), z.string(), z.boolean(), z.record(z.string(), z.unknown()), z.array(z.unknown())]);

const factId = IdSchema.meta({ description: 'Unique id of the fact, e.g. `fees.adult`.' });
const factFields = {
  sources: z.array(IdSchema).meta({ description: 'Ids of the registered sources the fact rests on (see GET /sources).' }),
  last_verified_at: CalendarDateSchema.nullable().meta({ description: 'When the value was last verified against its sources, or null if unknown.' }),
  confidence: ConfidenceSchema.nullable(),
  reason: z.string().min(1).optional().meta({ description: 'Why the value is null (unconfirmed, sources conflict, none published), or a caveat on it.' }),
  note: z.string().min(1).optional().meta({ description: 'A caveat or explanation that goes with the value.' }),
  states: z
    .array(IsoCodeSchema)
    .min(1)
    .optional()
    .meta({
      description:
        'Present when the fact is the practice of some states only, not a rule common to all (what one consulate asks, for example): the states it describes. A question about another state is not answered with it.',
    }),
  for_nationalities: z
    .array(IsoCodeSchema)
    .min(1)
    .optional()
    .meta({
      description:
        'Present, with `replaces`, when the fact holds for the nationals of these countries in place of the general facts `replaces` names (the fee of a visa facilitation agreement in place of the standard fee). A question by such a national is never answered with the facts it replaces.',
    }),
  replaces: z
    .array(IdSchema)
    .min(1)
    .optional()
    .meta({ description: 'The ids of the facts of the same topic that this fact holds in place of, for the nationals of `for_nationalities`.' }),
};

/** `MoneyFact` for `money`: the component name of one kind's variant. */
export function pascalCase(kind: string): string {
  return kind.replace(/(^|_)([a-z])/g, (_match, _sep: string, letter: string) => letter.toUpperCase());
}

function factOf<K extends FactKind, V extends z.ZodType>(kind: K, value: V) {
  return z
    .strictObject({
      id: factId,
      kind: z.literal(kind),
      value: z.nullable(value).meta({ description: 'The value, or null when it is not published (see `reason`).' }),
      ...factFields,
    })
    .meta({ id: `${pascalCase(kind)}Fact`, description: `A fact of kind \`${kind}\`.` });
}

/**
 * One fact as responses expose it (shared vocabulary): a discriminated union on `kind`, so the
 * type of `value` follows from the kind. A null value always has a reason; a published value
 * always has a confidence and at least one source (checked when the rules load, see
 * `ruleFactSchema`). For a null value, `confidence` is null unless it qualifies the absence
 * itself (for example "Austria publishes no amount" is itself confirmed).
 */
export const FactSchema = z
  .discriminatedUnion('kind', [
    factOf('date', FACT_VALUE_SCHEMAS.date),
    factOf('url', FACT_VALUE_SCHEMAS.url),
    factOf('text', FACT_VALUE_SCHEMAS.text),
    factOf('duration_days', FACT_VALUE_SCHEMAS.duration_days),
    factOf('duration_months', FACT_VALUE_SCHEMAS.duration_months),
    factOf('duration_years', FACT_VALUE_SCHEMAS.duration_years),
    factOf('number', FACT_VALUE_SCHEMAS.number),
    factOf('yes_no', FACT_VALUE_SCHEMAS.yes_no),
    factOf('conditional_rule', FACT_VALUE_SCHEMAS.conditional_rule),
    factOf('link', FACT_VALUE_SCHEMAS.link),
    factOf('money', FACT_VALUE_SCHEMAS.money),
    factOf('money_options', FACT_VALUE_SCHEMAS.money_options),
    factOf('money_total', FACT_VALUE_SCHEMAS.money_total),
    factOf('money_per_day', FACT_VALUE_SCHEMAS.money_per_day),
    factOf('fee_table', FACT_VALUE_SCHEMAS.fee_table),
    factOf('number_table', FACT_VALUE_SCHEMAS.number_table),
    factOf('date_table', FACT_VALUE_SCHEMAS.date_table),
    factOf('country_codes', FACT_VALUE_SCHEMAS.country_codes),
    factOf('text_list', FACT_VALUE_SCHEMAS.text_list),
    factOf('country_list', FACT_VALUE_SCHEMAS.country_list),
    factOf('financial_band', FACT_VALUE_SCHEMAS.financial_band),
    factOf('source', FACT_VALUE_SCHEMAS.source),
    factOf('visa_status', FACT_VALUE_SCHEMAS.visa_status),
    factOf('main_destination', FACT_VALUE_SCHEMAS.main_destination),
    factOf('structured', FACT_VALUE_SCHEMAS.structured),
  ])
  .meta({
    id: 'Fact',
    description:
      'One fact with its sources, verification date and confidence: `kind` says what `value` holds (a `money` fact holds `{amount, currency}`, a `link` fact `{url, title}`, a `duration_days` fact a number of days). A null value carries a reason.',
  });
export type Fact = z.infer<typeof FactSchema>;

/**
 * One fact as a rule file writes it: `kind` may be left out and is then inferred from the value
 * (`inferFactKind`; a null value takes `nullKind`, the kind of its place in the file). The value
 * must have the shape of its kind; the output is a `Fact` with its kind, validated by
 * `FactSchema`, so every fact the API serves has the shape `/openapi.json` publishes.
 */
export function ruleFactSchema(nullKind: FactKind = 'text') {
  return z
    .strictObject({ id: factId, kind: FactKindSchema.optional(), value: RuleValueSchema.nullable(), ...factFields })
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
      if ((fact.for_nationalities === undefined) !== (fact.replaces === undefined)) {
        ctx.addIssue({ code: 'custom', path: [fact.replaces ? 'for_nationalities' : 'replaces'], message: '"for_nationalities" and "replaces" go together: the nationals, and the facts this one holds in place of for them' });
      }
    })
    .transform((fact, ctx): Fact => {
      const { kind = inferFactKind(fact.id, fact.value, nullKind), ...rest } = fact;
      const parsed = FactSchema.safeParse({ ...rest, kind });
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: `does not fit kind "${kind}": ${issue.message}` });
      }
      return z.NEVER;
    });
}

/** A rule-file fact; a null value with no stated kind is `text`. */
export const RuleFactSchema = ruleFactSchema();

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
