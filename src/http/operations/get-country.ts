import { z } from 'zod';
import { CountryInformationSchema } from '../../knowledge/response-schemas.js';
import { defineOperation } from '../operation.js';
import { CountryCodeParamSchema } from './shared-params.js';

/**
 * GET /countries/{country} (spec 4, row 4): application information for one state, computed
 * once per rules load. 404 for an unknown code, 422 for a non-member such as CY or IE.
 */
export const getCountry = defineOperation({
  id: 'getCountry',
  method: 'get',
  path: '/countries/{country}',
  capability: 'country',
  units: 1,
  summary: 'Application information for one Schengen state',
  description:
    'The national authority and its official visa pages, where and when to apply, fees and processing times (the common Visa Code rules, the same for every state), anything specific to the state, and a one-line summary of its means-of-subsistence rule. A value the sources did not verify (for example a ministry address known only from best knowledge) is null with a `reason`, never presented as verified. Country codes are ISO 3166-1 alpha-2, case-insensitive; `EL` is accepted for Greece. A valid code of a state that is not in Schengen (CY, IE, GB, US...) is 422 `unprocessable_entity`; any other code is 404 `not_found`.',
  params: z.strictObject({ country: CountryCodeParamSchema }),
  data: CountryInformationSchema,
  errors: ['not_found', 'unprocessable_entity'],
  handle: ({ params }, { deps }) => {
    const knowledge = deps.rules.current().knowledge;
    return knowledge.countryInformation(knowledge.resolveCountry(params.country));
  },
});
