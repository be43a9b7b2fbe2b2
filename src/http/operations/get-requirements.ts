import { z } from 'zod';
import { RequirementsSchema } from '../../knowledge/response-schemas.js';
import { TravelPurposeSchema } from '../../knowledge/topics.js';
import { defineOperation } from '../operation.js';
import { CountryCodeParamSchema } from './shared-params.js';

/** GET /requirements (spec 4, row 5): documents by country and purpose, computed once per rules load. */
export const getRequirements = defineOperation({
  id: 'getRequirements',
  method: 'get',
  path: '/requirements',
  capability: 'requirements',
  units: 1,
  summary: 'Document requirements by country and travel purpose',
  description:
    'The documents an applicant needs: the Visa Code items every applicant provides, the Annex II evidence for the travel purpose, and the national forms of the state (for example France\'s attestation d\'accueil or Germany\'s Verpflichtungserklärung). Each item says what it is, whether it is mandatory and which sources it rests on. Without `travel_purpose`, all three purposes are returned as groups. Unknown country: 404; non-member: 422.',
  query: z.strictObject({
    country: CountryCodeParamSchema,
    travel_purpose: TravelPurposeSchema.optional().meta({
      description: 'The purpose of the journey: `tourism`, `business` or `family` (visiting friends counts as `family`). Leave it out to get all three groups.',
      example: 'tourism',
    }),
  }),
  data: RequirementsSchema,
  errors: ['not_found', 'unprocessable_entity'],
  handle: ({ query }, { deps }) => {
    const knowledge = deps.rules.current().knowledge;
    return knowledge.documentRequirements(knowledge.resolveCountry(query.country), query.travel_purpose ?? null);
  },
});
