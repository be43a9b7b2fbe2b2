import { z } from 'zod';
import { CalendarDateSchema } from '../http/envelope.js';
import { ConfidenceSchema, IdSchema, IsoCodeSchema, RuleFactSchema } from './fact.js';

/** The longest stay `days` can name (spec 8.3). */
export const MAX_DAYS = 90;

const amount = z.number().positive('must be a positive amount');

/**
 * How a band turns a number of days into a total. Each method is one line of arithmetic in
 * `calculateBandTotal`; the rule files pick one per band.
 */
export const CalculationSchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('per_day'), per_day: amount }),
  z.strictObject({ method: z.literal('per_day_with_minimum'), per_day: amount, minimum_total: amount }),
  z.strictObject({ method: z.literal('per_entry_plus_per_day'), per_entry: amount, per_day: amount }),
  z.strictObject({ method: z.literal('fixed_total'), total: amount }),
  z.strictObject({ method: z.literal('fixed_plus_per_day'), fixed: amount, per_day: amount }),
  z.strictObject({
    method: z.literal('fixed_plus_per_full_month'),
    fixed: amount,
    per_full_month: amount,
    month_days: z.number().int().positive().default(30),
  }),
  z.strictObject({ method: z.literal('minimum_total'), minimum_total: amount }),
  // No total for these days, but a minimum that applies whichever figure is right (a partial
  // answer beats none: the minimum is still stated).
  z.strictObject({ method: z.literal('not_published'), reason: z.string().min(1), minimum_total: amount.optional() }),
]);
export type Calculation = z.infer<typeof CalculationSchema>;

/** The calculation methods a band may name. */
export const CALCULATION_METHODS = CalculationSchema.options.map((option) => option.shape.method.value);
export type CalculationMethod = Calculation['method'];

/** Optional overrides a variant or band may carry over the file-level grounding. */
const GroundingOverrides = {
  sources: z.array(IdSchema).min(1).optional(),
  confidence: ConfidenceSchema.optional(),
  last_verified_at: CalendarDateSchema.nullable().optional(),
  note: z.string().min(1).optional(),
};

/** A range of stay lengths, inclusive, and how it is calculated. Compiled to one json-rules-engine rule. */
export const BandSchema = z.strictObject({
  name: IdSchema,
  days: z.strictObject({
    from: z.number().int().min(1).max(MAX_DAYS),
    to: z.number().int().min(1).max(MAX_DAYS),
  }),
  calculation: CalculationSchema,
  ...GroundingOverrides,
});
export type Band = z.infer<typeof BandSchema>;

/** One way the amount is set (no accommodation proof, hotel, host, students...). */
export const VariantSchema = z.strictObject({
  id: IdSchema,
  applies_when: z.string().min(1),
  default: z.boolean().default(false),
  indicative: z.boolean().optional(),
  bands: z.array(BandSchema).min(1),
  ...GroundingOverrides,
});
export type Variant = z.infer<typeof VariantSchema>;

export const AmountStatusSchema = z
  .enum(['binding', 'administrative_practice', 'indicative', 'none_published', 'conflict'])
  .meta({
    id: 'AmountStatus',
    description:
      '`binding`: set in law. `administrative_practice`: a reference amount applied in practice. `indicative`: a guide only, never a threshold. `none_published`: the state publishes no amount. `conflict`: sources disagree, so no amount is published.',
  });

/** `rules/financial/<iso>.json`: a state's means-of-subsistence rule. */
export const FinancialFileSchema = z.strictObject({
  $comment: z.string().optional(),
  country: IsoCodeSchema,
  id: IdSchema,
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code such as EUR'),
  amount_status: AmountStatusSchema,
  indicative: z.boolean(),
  summary: z.string().min(1),
  legal_basis: z.string().min(1).nullable(),
  sources: z.array(IdSchema).min(1),
  /** Null only when the sources conflict, so that no amount is published. */
  confidence: ConfidenceSchema.nullable(),
  last_verified_at: CalendarDateSchema.nullable(),
  notes: z.array(z.string().min(1)).default([]),
  variants: z.array(VariantSchema).min(1),
  supplements: z.array(RuleFactSchema).default([]),
});
export type FinancialFile = z.infer<typeof FinancialFileSchema>;
