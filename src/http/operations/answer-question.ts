import { composeAnswer } from '../../answers/compose-answer.js';
import { AnswerBodySchema, AnswerDataSchema } from '../../answers/answer-schemas.js';
import { defineOperation } from '../operation.js';

/**
 * POST /answer (spec 4, row 8): a question in, an answer out that rests only on the rules and
 * cites every source it used, or `answer: null` with a documented reason. 2 units. "No rule
 * answers this" is a 200 with a null answer, not an error.
 */
export const answerQuestion = defineOperation({
  id: 'answerQuestion',
  method: 'post',
  path: '/answer',
  capability: 'answer',
  units: 2,
  summary: 'Source-based Schengen answer',
  description:
    'Understands the question as POST /classify does (the optional `country`, `travel_purpose` and `days` hints override what it says), evaluates the rules of the topics asked and composes a short text from their facts only. Each fact lists the registry ids of its sources; `meta.sources` is exactly the union of those sources and `meta.last_verified_at` the oldest verification date among the facts. When no rule answers, `answer` is null with a `reason` (out_of_scope, not_schengen_state, missing_country, missing_nationality, capability_not_available with `capability`, no_matching_rule, value_not_verified, low_confidence, unsupported_language), empty `meta.sources` and a null `meta.last_verified_at`. Costs 2 units.',
  body: AnswerBodySchema,
  data: AnswerDataSchema,
  handle: ({ body }, { deps }) => {
    const rules = deps.rules.current();
    return composeAnswer(body, { knowledge: rules.knowledge, language: rules.language, capabilities: rules.capabilities });
  },
});
