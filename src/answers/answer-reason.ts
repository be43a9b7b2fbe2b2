import { z } from 'zod';

/**
 * Why `POST /answer` returned `answer: null`. The list is closed and documented in the OpenAPI
 * document and docs/answers.md; a null answer always carries exactly one of these.
 *
 * - `out_of_scope`: not a question about a Schengen short-stay visa (weather, jobs, ...).
 * - `not_schengen_state`: the destination is not one of the 29 Schengen states (UK, Ireland,
 *   Cyprus, USA, ...), named in the question or in the `country` hint.
 * - `missing_country`: the answer depends on the state (documents, money, the authority) and the
 *   question names none; send the `country` hint.
 * - `missing_nationality`: whether a visa is needed depends on the nationality and none was given.
 * - `capability_not_available`: the question belongs to a capability awaiting integration
 *   (appointments, refusal analysis, entry-ban analysis, visa-status analysis); `capability` names it.
 * - `no_matching_rule`: the question is in scope but no rule of ours answers it (for example a
 *   detail the dossier does not confirm); never answered with a guess.
 * - `value_not_verified`: a rule exists but its value is published as `null` (unconfirmed or
 *   conflicting sources); `facts` is empty and the reason says so rather than estimating.
 * - `low_confidence`: the question could not be understood with enough confidence
 *   (the classifier's `unknown`).
 * - `unsupported_language`: the question is written in a language we do not read (identified,
 *   or given by the `language` hint); `language` names it. Never answered through the tables of
 *   another language.
 */
export const ANSWER_REASONS = [
  'out_of_scope',
  'not_schengen_state',
  'missing_country',
  'missing_nationality',
  'capability_not_available',
  'no_matching_rule',
  'value_not_verified',
  'low_confidence',
  'unsupported_language',
] as const;

export const AnswerReasonSchema = z.enum(ANSWER_REASONS).meta({
  id: 'AnswerReason',
  description:
    'Why the answer is null: out_of_scope (not a Schengen short-stay visa question), not_schengen_state (the destination is not one of the 29), missing_country (the answer depends on the state; send the `country` hint), missing_nationality (the visa requirement depends on nationality), capability_not_available (the question belongs to a capability awaiting integration, named in `capability`), no_matching_rule (no rule answers it), value_not_verified (the rule exists but its value is unconfirmed or its sources conflict, so it is published as null), low_confidence (the question was not understood), unsupported_language (the question is in a language we do not read, named in `language`; supported: en, fr, es, de, it, pt, nl, pl, tr, ru, ar, zh).',
});
export type AnswerReason = z.infer<typeof AnswerReasonSchema>;
