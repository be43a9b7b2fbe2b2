import { z } from 'zod';
import { CalendarDateSchema } from '../http/envelope.js';
import { ConfidenceSchema, IdSchema, IsoCodeSchema } from './fact.js';
import { TravelPurposeSchema } from './topics.js';

/** One document an applicant may need, as the rule files write it and responses return it. */
export const RequirementItemSchema = z
  .strictObject({
    id: IdSchema.meta({ description: 'Unique id of the item, e.g. `documents.travel_insurance`.' }),
    name: z.string().min(1).meta({ description: 'Short name of the document.' }),
    description: z.string().min(1).meta({ description: 'What the document is and what it must show.' }),
    mandatory: z.boolean().meta({
      description: '`true`: every applicant for this purpose must provide it. `false`: one of several accepted ways to show a condition, or needed only in the situation `applies_when` names.',
    }),
    applies_when: z.string().min(1).optional().meta({ description: 'The situation in which the item is needed, when it is not always needed.' }),
    legal_basis: z.string().min(1).optional().meta({ description: 'The provision the item rests on.' }),
    sources: z.array(IdSchema).min(1).meta({ description: 'Registry ids of the sources (see GET /sources).' }),
    confidence: ConfidenceSchema,
    last_verified_at: CalendarDateSchema.nullable(),
  })
  .meta({ id: 'RequirementItem', description: 'A document an applicant provides, with its sources.' });
export type RequirementItem = z.infer<typeof RequirementItemSchema>;

/** `rules/requirements/common.json`: Visa Code items for every purpose and per purpose. */
export const CommonRequirementsFileSchema = z.strictObject({
  $comment: z.string().optional(),
  all_purposes: z.array(RequirementItemSchema).min(1),
  by_purpose: z.strictObject({
    tourism: z.array(RequirementItemSchema).min(1),
    business: z.array(RequirementItemSchema).min(1),
    family: z.array(RequirementItemSchema).min(1),
  }),
});

/** A state-specific item: a national form or rule, for some purposes. */
export const NationalRequirementSchema = RequirementItemSchema.extend({
  countries: z.array(IsoCodeSchema).min(1),
  purposes: z.array(TravelPurposeSchema).min(1),
});
export type NationalRequirement = z.infer<typeof NationalRequirementSchema>;

/** `rules/requirements/national.json`: state-specific items such as France's attestation d'accueil. */
export const NationalRequirementsFileSchema = z.strictObject({
  $comment: z.string().optional(),
  items: z.array(NationalRequirementSchema).min(1),
});
