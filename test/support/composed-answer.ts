import { expect } from 'vitest';
import { composeAnswer, type AnswerContext } from '../../src/answers/compose-answer.js';
import { loadRules } from '../../src/knowledge/rule-book.js';
import { readQuestion } from '../../src/language/classify-question.js';

// POST /answer's composition over the repository's rules, without HTTP: for the tests of what a
// question form is answered with (the HTTP layer is tested on its own).
const rules = loadRules('rules');
const context: AnswerContext = { knowledge: rules.knowledge, language: rules.language, capabilities: rules.capabilities };

/** The one reading of `question` that /classify, /route and /answer share (its evidence included). */
export const readingOf = (question: string) => readQuestion(rules.language, question);

/** The `data` of POST /answer for `question`. */
export const ask = async (question: string) => (await composeAnswer({ question }, context)).data;

/** The question is read in `language` and answered null, for whatever reason (a statistic is out of scope, a ban a capability). */
export async function expectNullIn(question: string, language: string): Promise<Awaited<ReturnType<typeof ask>>> {
  const data = await ask(question);
  expect(data.language).toBe(language);
  expect(data.answer, JSON.stringify(data)).toBeNull();
  return data;
}

/** The question is read in `language` and answered null, no rule answering what it asks. */
export async function expectNoMatchingRuleIn(question: string, language: string): Promise<void> {
  expect((await expectNullIn(question, language)).reason).toBe('no_matching_rule');
}

/** The question is read in `language` and answered with the fact `factId` among others. */
export async function expectFactIn(question: string, language: string, factId: string): Promise<void> {
  const data = await ask(question);
  expect(data.language).toBe(language);
  expect(data.answer?.facts.map((fact) => fact.id)).toContain(factId);
}

/** The question is read as `intent` (what POST /answer reports). */
export async function expectIntentOf(question: string, intent: string): Promise<void> {
  expect((await ask(question)).intent, question).toBe(intent);
}
