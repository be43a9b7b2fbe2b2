import { classifyQuestion } from '../../language/classify-question.js';
import { ClassificationSchema, QuestionBodySchema } from '../../language/question-schemas.js';
import { defineOperation } from '../operation.js';

/**
 * POST /classify (spec 4, row 2): what a free-text question asks and what it states. Runs the
 * rule tables of rules/language in process; uses no fact, so `meta.sources` is empty. Any
 * question of 1..1000 characters gets a 200, `unknown` when nothing is recognised.
 */
export const classifyQuestionOperation = defineOperation({
  id: 'classifyQuestion',
  method: 'post',
  path: '/classify',
  capability: 'classify',
  units: 1,
  summary: 'Extract intent, country, travel purpose and profile from free text',
  description:
    'Classifies a question with keyword and rule tables kept as data in rules/language: the intent (one of the documented list, `out_of_scope` or `unknown` under the 0.5 confidence threshold), the Schengen state (by English name, endonym, demonym, city or ISO code, misspellings of longer words tolerated), whether the named destination is outside Schengen, the travel purpose, the length of stay in days and the applicant profile (nationality, employment, minor), with the evidence for each. Costs 1 unit.',
  body: QuestionBodySchema,
  data: ClassificationSchema,
  handle: ({ body }, { deps }) => ({
    data: classifyQuestion(deps.rules.current().language, body.question, body.language),
    sources: [],
    lastVerifiedAt: null,
  }),
});
