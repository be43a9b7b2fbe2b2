import { INTENT_TOPICS, type Intent } from '../language/language-tables.js';
import type { AnswerTopic } from './answer-schemas.js';

/** The topic name `topics` and `unanswered` report for an intent (`financial_requirements` → `financial_means`). */
export function topicOfIntent(intent: Intent): AnswerTopic {
  return INTENT_TOPICS[intent] ?? (intent === 'source_lookup' ? 'sources' : intent);
}
