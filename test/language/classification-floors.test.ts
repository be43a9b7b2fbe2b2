import { describe, expect, it } from 'vitest';
import { evaluateClassification } from '../../src/quality/evaluate-classification.js';
import { loadQuestionFixtures } from '../../src/quality/question-fixtures.js';
import { capabilities, tables } from './tables.js';

const heldOut = loadQuestionFixtures('fixtures/questions/held-out.json');
const dev = loadQuestionFixtures('fixtures/questions/dev.json');
/** Written by a QA author who never read the tables; measured, never tuned on. */
const blind = loadQuestionFixtures('fixtures/questions/blind.json');
/** The 22 intents these sets were written for (before issue 9's eleven general-topic intents). */
const ORIGINAL_INTENTS = [
  'country_list', 'country_information', 'document_requirements', 'financial_requirements', 'source_lookup', 'appointments', 'refusal', 'entry_ban',
  'visa_status', 'stay_duration', 'visa_fees', 'travel_insurance', 'application_timing', 'passport_validity', 'processing_time', 'where_to_apply',
  'visa_validity', 'ees', 'etias', 'visa_requirement', 'out_of_scope', 'unknown',
] as const;

describe('classification fixtures', () => {
  it('hold at least 250 labelled questions, each question once', () => {
    expect(heldOut.length + dev.length).toBeGreaterThanOrEqual(250);
    const questions = [...heldOut, ...dev].map((f) => f.question.trim().toLowerCase());
    expect(new Set(questions).size).toBe(questions.length);
  });

  // Issue 9 added eleven intents (the new general topics); the real-question corpus covers them.
  // These two sets still cover each of the 22 intents they were written for.
  it('cover every intent in both parts', () => {
    for (const part of [heldOut, dev]) for (const intent of ORIGINAL_INTENTS) expect(part.map((f) => f.intent), intent).toContain(intent);
  });
});

describe.each([
  { part: 'held-out', cases: heldOut },
  { part: 'blind', cases: blind },
])('$part questions (never tuned on) meet the accuracy floors', ({ cases }) => {
  const report = evaluateClassification(tables, capabilities, cases);
  const failures = (field: string) => JSON.stringify(report.failures.filter((f) => f.field === field), null, 1);

  it.each([
    ['route', 0.95],
    ['country', 0.97],
    ['travel_purpose', 0.95],
    ['days', 0.95],
  ] as const)('%s is right for at least %s of the questions', (field, floor) => {
    expect(report[field].rate ?? 0, failures(field)).toBeGreaterThanOrEqual(floor);
  });

  it('never routes an out-of-scope question to a Schengen operation', () => {
    expect(report.out_of_scope_routed, failures('route')).toBe(0);
  });
});

describe('dev questions (the tables are tuned on these) stay at least as good', () => {
  const report = evaluateClassification(tables, capabilities, dev);
  it.each(['intent', 'route', 'country', 'travel_purpose', 'days', 'nationality', 'employment', 'minor', 'destination_status'] as const)('%s ≥ 97%%', (field) => {
    expect(report[field].rate ?? 0, JSON.stringify(report.failures.filter((f) => f.field === field), null, 1)).toBeGreaterThanOrEqual(0.97);
  });
});
