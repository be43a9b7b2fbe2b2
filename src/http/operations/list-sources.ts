import { z } from 'zod';
import { SourceListSchema } from '../../knowledge/response-schemas.js';
import { TopicSchema } from '../../knowledge/topics.js';
import { defineOperation } from '../operation.js';
import { CountryCodeParamSchema } from './shared-params.js';

/** GET /sources (spec 4, row 7): the source registry, filtered by country and topic. */
export const listSources = defineOperation({
  id: 'listSources',
  method: 'get',
  path: '/sources',
  capability: 'sources',
  units: 1,
  summary: 'Query the source registry',
  description:
    'Registry entries: organization, url, whether official, the date last checked, plus the id the facts cite, the countries (`*` for all states) and topics covered. `country` keeps the sources covering that state or all states (same 404/422 rules as elsewhere); `topic` keeps one topic, and an unknown topic is 400 `invalid_request` listing the allowed values in `error.allowed`. `meta.sources` is the list returned; `meta.last_verified_at` the oldest `last_checked_at` among them (null when one of them has none).',
  query: z.strictObject({
    country: CountryCodeParamSchema.optional(),
    topic: TopicSchema.optional().meta({
      description: 'Keep the sources of one topic (see the `Topic` schema for the values); an unknown topic is 400 with `error.allowed`.',
      example: 'fees',
    }),
  }),
  data: SourceListSchema,
  errors: ['not_found', 'unprocessable_entity'],
  handle: ({ query }, { deps }) => {
    const knowledge = deps.rules.current().knowledge;
    const country = query.country === undefined ? undefined : knowledge.resolveCountry(query.country);
    return knowledge.findSources({ country, topic: query.topic });
  },
});
