import type { FactKind } from '../knowledge/fact-values.js';
import type { AnswerReason } from './answer-reason.js';

/** A fact as an answer uses it: its value, its source ids and when it was last verified. */
export interface UsedFact {
  id: string;
  /** The kind of a rule fact; left out, it is inferred from the value when the answer is sent. */
  kind?: FactKind;
  value: unknown;
  sources: readonly string[];
  lastVerifiedAt: string | null;
}

/**
 * What one topic contributes to an answer: the facts it used and the sentences rendered from
 * exactly those facts; or, when it has nothing to say, why.
 */
export type AnswerPart = { facts: UsedFact[]; sentences: string[] } | { reason: AnswerReason; capability?: string };

export function isAnswered(part: AnswerPart): part is { facts: UsedFact[]; sentences: string[] } {
  return 'facts' in part;
}
