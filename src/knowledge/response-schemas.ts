import { z } from 'zod';
import { CalendarDateSchema } from '../http/envelope.js';
import { MembershipTypeSchema } from './country-schemas.js';
import { ConfidenceSchema, FactSchema, IdSchema } from './fact.js';
import { AmountStatusSchema } from './financial-schemas.js';
import { RequirementItemSchema } from './requirement-schemas.js';
import { RegisteredSourceSchema } from './source-registry.js';
import { GENERAL_TOPICS, TravelPurposeSchema } from './topics.js';

const FactList = z.array(FactSchema);

export const CountrySummarySchema = z
  .object({
    iso2: z.string().regex(/^[A-Z]{2}$/).meta({ description: 'ISO 3166-1 alpha-2 code.', example: 'FR' }),
    name: z.string(),
    membership: MembershipTypeSchema,
    member_since: CalendarDateSchema.nullable().meta({ description: 'Date of full membership where the sources give it, else null.' }),
    last_verified_at: CalendarDateSchema.nullable().meta({ description: 'Oldest verification date among the facts of the country record.' }),
  })
  .meta({ id: 'CountrySummary' });
export type CountrySummary = z.infer<typeof CountrySummarySchema>;

export const CountryListSchema = z
  .object({ count: z.number().int().min(0).meta({ description: 'How many states are listed.', example: 29 }), countries: z.array(CountrySummarySchema) })
  .meta({ id: 'CountryList', description: 'The 29 Schengen states.' });
export type CountryList = z.infer<typeof CountryListSchema>;

export const CountryInformationSchema = z
  .object({
    iso2: z.string(),
    name: z.string(),
    membership: MembershipTypeSchema,
    member_since: FactSchema,
    authority: FactSchema.meta({ description: 'The national authority for visas; null where the dossier did not confirm it.' }),
    visa_pages: FactList.meta({ description: 'Official visa pages; an address that was not verified is a null value with the reason.' }),
    where_to_apply: FactList.meta({ description: 'State-specific application channels.' }),
    common_rules: z
      .partialRecord(z.enum(GENERAL_TOPICS), FactList)
      .meta({ description: 'The common Visa Code rules that apply to an application to this state, by topic (the same facts for every state).' }),
    state_specific: FactList.meta({ description: 'Anything specific to this state.' }),
    financial_means: z
      .object({
        summary: z.string(),
        currency: z.string(),
        amount_status: AmountStatusSchema,
        details: z.string().meta({ description: 'Where the calculation is, relative to the base URL.' }),
        sources: z.array(IdSchema),
        last_verified_at: CalendarDateSchema.nullable(),
      })
      .meta({ description: 'The means-of-subsistence rule in one line; GET /financial-requirements gives the calculation.' }),
    national_documents: z.array(z.object({ id: IdSchema, name: z.string() })).meta({ description: 'State-specific documents; GET /requirements gives them in full.' }),
  })
  .meta({ id: 'CountryInformation', description: 'Application information for one Schengen state.' });
export type CountryInformation = z.infer<typeof CountryInformationSchema>;

export const RequirementGroupSchema = z
  .object({
    travel_purpose: TravelPurposeSchema,
    common: z.array(RequirementItemSchema).meta({ description: 'Visa Code items every applicant provides, whatever the purpose.' }),
    purpose_specific: z.array(RequirementItemSchema).meta({ description: 'Visa Code Annex II items for this purpose.' }),
    state_specific: z.array(RequirementItemSchema).meta({ description: 'National forms and rules of this state for this purpose.' }),
  })
  .meta({ id: 'RequirementGroup' });

export const RequirementsSchema = z
  .object({
    country: z.string(),
    name: z.string(),
    travel_purpose: TravelPurposeSchema.nullable().meta({ description: 'The purpose asked for, or null when all three groups are returned.' }),
    groups: z.array(RequirementGroupSchema),
    note: z.string(),
  })
  .meta({ id: 'Requirements', description: 'Documents an applicant needs, by travel purpose.' });
export type Requirements = z.infer<typeof RequirementsSchema>;

export const FinancialBandSchema = z
  .object({
    rule: IdSchema.meta({ description: 'Name of the rule (band) applied.' }),
    from_days: z.number().int().min(1),
    to_days: z.number().int().min(1),
    method: z.enum(['per_day', 'per_day_with_minimum', 'per_entry_plus_per_day', 'fixed_total', 'fixed_plus_per_day', 'fixed_plus_per_full_month', 'minimum_total', 'not_published']),
    per_day: z.number().nullable(),
    per_entry: z.number().nullable(),
    fixed: z.number().nullable().meta({ description: 'A fixed amount added to the per-day part, or the fixed total of the band.' }),
    minimum_total: z.number().nullable(),
    per_full_month: z.number().nullable(),
    total: z.number().nullable().meta({ description: 'The total for the requested days; null without `days` or when no amount is published.' }),
    working: z.string().nullable().meta({ description: 'The calculation written out; null without `days`.' }),
    reason: z.string().nullable(),
    confidence: ConfidenceSchema.nullable(),
    sources: z.array(IdSchema),
    last_verified_at: CalendarDateSchema.nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'FinancialBand' });
export type FinancialBand = z.infer<typeof FinancialBandSchema>;

export const FinancialVariantSchema = z
  .object({
    id: IdSchema,
    applies_when: z.string(),
    default: z.boolean(),
    indicative: z.boolean(),
    total: z.number().nullable(),
    bands: z.array(FinancialBandSchema).meta({ description: 'With `days`: the one band that applies. Without: every band, with no total.' }),
  })
  .meta({ id: 'FinancialVariant' });

export const FinancialRequirementSchema = z
  .object({
    country: z.string(),
    name: z.string(),
    rule: IdSchema,
    days: z.number().int().min(1).nullable(),
    currency: z.string().meta({ description: "The state's own currency (ISO 4217)." }),
    amount_status: AmountStatusSchema,
    indicative: z.boolean().meta({ description: 'True when the amounts are a guide only, never a threshold.' }),
    summary: z.string(),
    legal_basis: z.string().nullable(),
    total: z.number().nullable().meta({ description: 'Total of the default variant for `days`; null without `days` or when no amount is published.' }),
    total_reason: z.string().nullable(),
    variants: z.array(FinancialVariantSchema),
    supplements: FactList.meta({ description: 'Amounts required on top or instead, stated separately.' }),
    notes: z.array(z.string()),
    confidence: ConfidenceSchema.nullable().meta({ description: 'Confidence of the rule as a whole; null when its sources conflict.' }),
    sources: z.array(IdSchema).meta({ description: 'Registry ids of the sources of the rule as a whole (bands may cite more specific ones).' }),
    last_verified_at: CalendarDateSchema.nullable(),
  })
  .meta({ id: 'FinancialRequirement', description: 'The means-of-subsistence requirement and how it is calculated.' });
export type FinancialRequirement = z.infer<typeof FinancialRequirementSchema>;

export const SourceListSchema = z
  .object({
    count: z.number().int().min(0).meta({ description: 'How many sources match.' }),
    sources: z.array(RegisteredSourceSchema),
  })
  .meta({ id: 'SourceList', description: 'Registry entries matching the filters.' });
export type SourceList = z.infer<typeof SourceListSchema>;
