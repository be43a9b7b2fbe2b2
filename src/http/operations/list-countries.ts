import { CountryListSchema } from '../../knowledge/response-schemas.js';
import { defineOperation } from '../operation.js';

/** GET /countries (spec 4, row 3): the 29 published country records, computed once per rules load. */
export const listCountries = defineOperation({
  id: 'listCountries',
  method: 'get',
  path: '/countries',
  capability: 'countries',
  units: 1,
  summary: 'List the Schengen states',
  description:
    'The 29 Schengen states, by name: ISO code, whether each is an EU member state or a non-EU associated state, the date of full membership where the sources give it, and the oldest verification date among the facts of its record (null when one of them is undated). `meta.sources` lists the sources of the membership facts.',
  data: CountryListSchema,
  handle: (_input, { deps }) => deps.rules.current().knowledge.listCountries(),
});
