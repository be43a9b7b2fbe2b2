import { routeQuestion } from '../../language/route-question.js';
import { QuestionBodySchema, RouteDataSchema } from '../../language/question-schemas.js';
import { defineOperation } from '../operation.js';

/**
 * POST /route (spec 4, row 1): which operation answers a question, with its capability state
 * and a ready-to-call request. Appointment, refusal, entry-ban and status questions route to
 * those operations even while they answer 501; out-of-scope and unknown questions get
 * `service: null`. Uses no fact, so `meta.sources` is empty.
 */
export const routeQuestionOperation = defineOperation({
  id: 'routeQuestion',
  method: 'post',
  path: '/route',
  capability: 'route',
  units: 1,
  summary: 'Route a question to a Schengen intent and to the proper service',
  description:
    'Classifies the question as POST /classify does, then names the operation that answers its intent (`service`: method, path as the spec writes it, and the capability status from the registry, `awaiting_integration` for the four 501 operations) and a ready-to-call request whose path includes the /api/v1 base, with the query or body filled from the question and the required parameters it lacks in `missing`. Out-of-scope questions (including non-Schengen destinations) and unknown ones get `service: null` and `request: null`. Costs 1 unit.',
  body: QuestionBodySchema,
  data: RouteDataSchema,
  handle: ({ body }, { deps }) => {
    const rules = deps.rules.current();
    const { classification, ...route } = routeQuestion(rules.language, rules.capabilities, body.question, body.language);
    return { data: { ...route, evidence: classification.evidence }, sources: [], lastVerifiedAt: null };
  },
});
