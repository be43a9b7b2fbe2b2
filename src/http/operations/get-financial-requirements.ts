import { z } from 'zod';
import { MAX_DAYS } from '../../knowledge/financial-schemas.js';
import { FinancialRequirementSchema } from '../../knowledge/response-schemas.js';
import { defineOperation } from '../operation.js';
import { CountryCodeParamSchema } from './shared-params.js';

const daysRange = `must be an integer from 1 to ${MAX_DAYS}`;

// Only plain decimal digits are read as a number: `z.coerce.number` would also take `0x10`,
// `1e1` or ` 5`, which no client means as a number of days.
const DaysSchema = z
  .preprocess((value) => (typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value), z.number({ error: daysRange }).int(daysRange).min(1, daysRange).max(MAX_DAYS, daysRange))
  .meta({ description: `Length of the stay in days, an integer from 1 to ${MAX_DAYS}. Without it, the rule and per-day amounts are returned with no total.`, example: 10 });

/**
 * GET /financial-requirements (spec 4, row 6): the means-of-subsistence rule and its working.
 * Totals come from the state's json-rules-engine rules, evaluated once per (state, days).
 */
export const getFinancialRequirements = defineOperation({
  id: 'getFinancialRequirements',
  method: 'get',
  path: '/financial-requirements',
  capability: 'financial_requirements',
  units: 1,
  summary: 'Financial-sufficiency requirement and its calculation',
  description:
    "The state's reference amount for means of subsistence and how it is calculated: the rule (band) applied, the inputs, the per-day amount, the currency (the state's own), the total, and each variant (hotel, host, no proof of accommodation, students...) with when it applies. Shapes: per day × days; a minimum total (ES, RO, BG, IS); a fixed amount per entry plus per day (PT); duration bands (IT, CZ, LV); a flat total for short stays (PL); variants by accommodation (FR, BE); indicative only (DE, FI, NO: `indicative` true); none published (AT) or sources in conflict (GR, EE; ES above its €1,098.90 minimum, i.e. from 10 days): `total` null with `total_reason`. Without `days`, no total. Reference amounts are assessed case by case; return travel is usually required on top.",
  query: z.strictObject({
    country: CountryCodeParamSchema,
    days: DaysSchema.optional(),
  }),
  data: FinancialRequirementSchema,
  errors: ['not_found', 'unprocessable_entity'],
  handle: ({ query }, { deps }) => {
    const knowledge = deps.rules.current().knowledge;
    return knowledge.financialRequirement(knowledge.resolveCountry(query.country), query.days ?? null);
  },
});
