import { z } from 'zod';
import { CalendarDateSchema } from '../http/envelope.js';

/** ISO 4217 currency code, e.g. `EUR`. */
const CurrencySchema = z.string().regex(/^[A-Z]{3}$/).meta({ description: 'ISO 4217 currency code.', example: 'EUR' });
/** ISO 3166-1 alpha-2, upper case. */
const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/).meta({ description: 'ISO 3166-1 alpha-2 code, upper case.', example: 'FR' });
const HttpUrlSchema = z.url({ protocol: /^https?$/ }).meta({ description: 'An http(s) address.', example: 'https://france-visas.gouv.fr/' });
const AmountSchema = z.number().min(0);
const WholeCountSchema = z.int().min(0);

/**
 * The shape of a fact's value for each kind of fact, in one table: the rule files are validated
 * with these schemas when they load, and `/openapi.json` publishes them (each fact is a
 * discriminated union on `kind`), so a generated client reads `fact.value.amount` of a `money`
 * fact with no cast. The order is the order of inference: a fact whose file states no `kind`
 * takes the first kind whose schema accepts its value (numbers by the unit its id names), so a
 * rule author adds facts without naming their kind and no rule file needs editing when a kind is
 * added. `structured` is the last resort for a shape no kind describes yet (a test keeps the
 * shipped rules free of it). There is no kind for "null only": openapi-fetch drops a property
 * whose type is exactly `null` from response types, so a client could not read such a fact.
 */
export const FACT_VALUE_SCHEMAS = {
  date: CalendarDateSchema.meta({ id: 'DateValue', description: 'A calendar date, YYYY-MM-DD.' }),
  url: HttpUrlSchema,
  text: z.string().min(1).meta({ description: 'A statement, a name or a rule in plain English.' }),
  duration_days: WholeCountSchema.meta({ description: 'A duration in days.', example: 15 }),
  duration_months: WholeCountSchema.meta({ description: 'A duration in months.', example: 6 }),
  duration_years: WholeCountSchema.meta({ description: 'A duration in years.', example: 3 }),
  number: z.number().meta({ description: 'A number (a count, a limit) whose unit the fact id names.', example: 29 }),
  yes_no: z.boolean().meta({ description: 'Whether the rule applies; `note` gives any condition.' }),
  conditional_rule: z
    .strictObject({
      applies: z.boolean().meta({ description: 'Whether the rule applies when `condition` holds.' }),
      condition: z.string().min(1).meta({ description: 'When it applies.' }),
    })
    .meta({ id: 'ConditionalRuleValue', description: 'A yes/no rule with the condition under which it holds.' }),
  link: z
    .strictObject({ url: HttpUrlSchema, title: z.string().min(1).meta({ description: 'What the page is.' }) })
    .meta({ id: 'LinkValue', description: 'An official page: its address and title.' }),
  money: z
    .strictObject({
      amount: AmountSchema.meta({ description: 'The amount, in `currency`.', example: 90 }),
      currency: CurrencySchema,
      since: CalendarDateSchema.optional().meta({ description: 'The date the amount applies from, where the source gives it.' }),
    })
    .meta({ id: 'MoneyValue', description: 'A money amount with its currency (a fee, a reference amount).' }),
  money_options: z
    .strictObject({
      amounts: z.array(AmountSchema).min(1).meta({ description: 'The amounts that may apply, lowest first.', example: [135, 180] }),
      currency: CurrencySchema,
    })
    .meta({ id: 'MoneyOptionsValue', description: 'Several amounts of which one applies, with their currency.' }),
  money_total: z
    .strictObject({ total: AmountSchema.meta({ description: 'The total required.' }), currency: CurrencySchema })
    .meta({ id: 'MoneyTotalValue', description: 'A total amount with its currency.' }),
  money_per_day: z
    .strictObject({
      per_day: AmountSchema.meta({ description: 'The amount per day.' }),
      currency: CurrencySchema,
      text: z.string().min(1).optional().meta({ description: 'The rule in words.' }),
    })
    .meta({ id: 'MoneyPerDayValue', description: 'An amount per day with its currency.' }),
  fee_table: z
    .object({ currency: CurrencySchema })
    .catchall(AmountSchema)
    .meta({
      id: 'FeeTableValue',
      description: 'Amounts by case (each other property is one case and its amount, a number), in `currency`.',
      // Published as number-or-string for the other properties: with `number` alone, generated
      // TypeScript intersects `currency: string` with a number index signature and `currency`
      // becomes `never`. The runtime check stays exact (numbers only).
      override: { additionalProperties: { type: ['number', 'string'] } },
    }),
  number_table: z
    .record(z.string(), z.number())
    .meta({ id: 'NumberTableValue', description: 'Numbers by name (an amount and the year it applies to, for example).' }),
  date_table: z.record(z.string(), CalendarDateSchema).meta({ id: 'DateTableValue', description: 'Dates by event.' }),
  country_codes: z.array(CountryCodeSchema).min(1).meta({ description: 'A list of ISO 3166-1 alpha-2 codes.' }),
  text_list: z.array(z.string().min(1)).min(1).meta({ description: 'A list of items in plain English (documents, steps, categories).' }),
  country_list: z
    .array(
      z
        .strictObject({
          code: CountryCodeSchema,
          name: z.string().min(1),
          part: z.int().min(1).optional().meta({ description: 'The part of the annex that lists it.' }),
          condition: z.string().min(1).optional().meta({ description: 'The condition attached to the entry.' }),
        })
        .meta({ id: 'CountryListEntry' }),
    )
    .min(1)
    .meta({ description: 'A list of countries, as a regulation annex lists them.' }),
  financial_band: z
    .strictObject({
      country: CountryCodeSchema,
      variant: z.string(),
      applies_when: z.string(),
      currency: CurrencySchema,
      indicative: z.boolean(),
      days: z.int().min(1).optional(),
      method: z.string(),
      from_days: WholeCountSchema,
      to_days: WholeCountSchema,
      per_day: AmountSchema.optional(),
      per_entry: AmountSchema.optional(),
      fixed: AmountSchema.optional(),
      minimum_total: AmountSchema.optional(),
      per_full_month: AmountSchema.optional(),
      total: AmountSchema.optional(),
      reason: z.string().optional(),
    })
    .meta({ id: 'FinancialBandValue', description: 'One band of a state\'s means-of-subsistence rule, as GET /financial-requirements calculates it.' }),
  source: z
    .strictObject({ organization: z.string(), url: HttpUrlSchema, official: z.boolean() })
    .meta({ id: 'SourceValue', description: 'A registered source (its id is the fact\'s only source).' }),
  visa_status: z
    .strictObject({
      nationality: CountryCodeSchema,
      name: z.string(),
      status: z.enum(['visa_required', 'visa_exempt']),
      condition: z.string().optional(),
    })
    .meta({ id: 'VisaStatusValue', description: 'Whether the nationals of one country need a visa for a short stay.' }),
  main_destination: z
    .strictObject({
      stays: z.record(CountryCodeSchema, WholeCountSchema).meta({ description: 'Days in each state, as the question gives them.' }),
      main_destination: CountryCodeSchema.nullable().meta({ description: 'The state of the longest stay, or null when two are equally long.' }),
      rule: z.string().meta({ description: 'The id of the rule applied.' }),
    })
    .meta({ id: 'MainDestinationValue', description: 'The main destination by length of stay.' }),
  structured: z
    .union([z.record(z.string(), z.unknown()), z.array(z.unknown()), z.string(), z.number(), z.boolean()])
    .meta({ id: 'StructuredValue', description: 'A value of a shape no kind describes yet: read it with care.' }),
} as const;

export type FactKind = keyof typeof FACT_VALUE_SCHEMAS;
export const FACT_KINDS = Object.keys(FACT_VALUE_SCHEMAS) as FactKind[];
export const FactKindSchema = z
  .enum(FACT_KINDS as [FactKind, ...FactKind[]])
  .meta({ id: 'FactKind', description: 'What kind of value a fact holds; `value` has the shape of its kind.' });

/** The kinds a number can be, by the unit its id names (`processing_time.standard_days`). */
const NUMBER_UNITS: readonly [RegExp, FactKind][] = [
  [/(^|[._-])days?($|[._-])/, 'duration_days'],
  [/(^|[._-])months?($|[._-])/, 'duration_months'],
  [/(^|[._-])years?($|[._-])/, 'duration_years'],
];

const INFERABLE = FACT_KINDS.filter((kind) => !kind.startsWith('duration_') && kind !== 'number');

/**
 * The kind of a value whose fact states none: a null value takes `nullKind` (the kind of the
 * place it is in, such as a state's `member_since`, a date) or `text` (a rule file states `kind`
 * for a null amount); a number takes the
 * duration its id names (`…_days`, `…_months`, `…_years`) when it is a whole number, else
 * `number`; anything else the first kind whose schema accepts it, `structured` at worst (which
 * accepts any JSON value). Never throws, and the kind returned always accepts the value.
 */
export function inferFactKind(id: string, value: unknown, nullKind: FactKind = 'text'): FactKind {
  if (value === null) return nullKind;
  if (typeof value === 'number') {
    const duration = NUMBER_UNITS.find(([pattern]) => pattern.test(id))?.[1];
    // A duration is a whole number of its unit; anything else (1.5 days) stays a plain number.
    return duration && FACT_VALUE_SCHEMAS[duration].safeParse(value).success ? duration : 'number';
  }
  return INFERABLE.find((kind) => FACT_VALUE_SCHEMAS[kind].safeParse(value).success) ?? 'structured';
}
