import { describe, expect, it } from 'vitest';
import { composeAnswer, type AnswerContext } from '../../src/answers/compose-answer.js';
import { loadRules } from '../../src/knowledge/rule-book.js';
import { SUPPORTED_LANGUAGES } from '../../src/language/identify-language.js';
import { routeQuestion } from '../../src/language/route-question.js';
import { loadQuestionFixtures } from '../../src/quality/question-fixtures.js';
import { loadRealCorpus } from '../../src/quality/real-questions.js';

// Issue 9, one reading of the question: POST /route and POST /answer (the functions their
// handlers call, on the shipped rules) never disagree on the intent or the country, for every
// question of the real-question corpus in every language (dev and held-out parts, read here only
// to compare the two operations, never to tune) and of the labelled question sets.
const rules = loadRules('rules');
const context: AnswerContext = { knowledge: rules.knowledge, language: rules.language, capabilities: rules.capabilities };

const sets = [
  ...SUPPORTED_LANGUAGES.flatMap((language) =>
    loadRealCorpus('fixtures/questions/real', language).map(({ part, cases }) => ({ name: `real ${language}.${part}`, questions: cases.map((c) => c.question) })),
  ),
  ...['dev', 'held-out', 'blind'].map((part) => ({ name: `${part}.json`, questions: loadQuestionFixtures(`fixtures/questions/${part}.json`).map((c) => c.question) })),
];

describe.each(sets)('POST /route and POST /answer agree on $name', ({ questions }) => {
  it('on the intent and the country of every question', async () => {
    const disagreements: string[] = [];
    for (const question of questions) {
      const route = routeQuestion(rules.language, rules.capabilities, question);
      const answer = (await composeAnswer({ question }, context)).data;
      if (route.intent !== answer.intent || route.parameters.country !== answer.country) {
        disagreements.push(`${question}: /route ${route.intent} ${String(route.parameters.country)}, /answer ${answer.intent} ${String(answer.country)}`);
      }
    }
    expect(questions.length).toBeGreaterThan(0);
    expect(disagreements).toEqual([]);
  });
});
