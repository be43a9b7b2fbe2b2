import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { classifyQuestion } from '../../src/language/classify-question.js';
import { MAX_QUESTION_LENGTH, ClassificationSchema, RouteDataSchema } from '../../src/language/question-schemas.js';
import { routeQuestion } from '../../src/language/route-question.js';
import { useKeyedTestApp } from '../support/keyed-app.js';
import { capabilities, tables } from './tables.js';

/** Text that looks like questions: table words, typos, codes, numbers, punctuation, any Unicode. */
const WORDS = ['visa', 'France', 'FR', 'IT', 'no', 'Indian', 'weeks', '10', 'days', 'a', 'month', 'documents', 'UK', 'London', 'refused', 'Österreich', 'Ελλάδα', 'frnace', 'self-employed', 'I am', '16', 'fee', 'how much', 'money', '90/180', '?', ',', "I'm", 'from', 'to', 'visit', 'my', 'sister'];
const questionLike = fc.oneof(
  fc.string({ maxLength: MAX_QUESTION_LENGTH }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.array(fc.constantFrom(...WORDS), { maxLength: 60 }).map((words) => words.join(' ')),
);

describe('classification properties', () => {
  it('gives every string up to the limit a classification that matches its schema', () => {
    fc.assert(
      fc.property(questionLike, (question) => {
        const result = ClassificationSchema.safeParse(classifyQuestion(tables, question));
        expect(result.success, JSON.stringify({ question, issues: result.error?.issues })).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('never gives an intent without evidence for it, nor a non-null field without evidence', () => {
    fc.assert(
      fc.property(questionLike, (question) => {
        const r = classifyQuestion(tables, question);
        const has = (field: string, value: unknown) => r.evidence.some((e) => e.field === field && e.value === value);
        expect(has('intent', r.intent), JSON.stringify(r)).toBe(true);
        if (r.country) expect(has('country', r.country), JSON.stringify(r)).toBe(true);
        if (r.travel_purpose) expect(has('travel_purpose', r.travel_purpose), JSON.stringify(r)).toBe(true);
        if (r.days !== null) expect(has('days', r.days), JSON.stringify(r)).toBe(true);
        if (r.profile.nationality) expect(has('nationality', r.profile.nationality), JSON.stringify(r)).toBe(true);
        if (r.profile.employment) expect(has('employment', r.profile.employment), JSON.stringify(r)).toBe(true);
        if (r.profile.minor !== null) expect(has('minor', r.profile.minor), JSON.stringify(r)).toBe(true);
        if (r.destination_status === 'not_schengen') expect(has('destination', 'not_schengen'), JSON.stringify(r)).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('gives the same question the same answer every time', () => {
    fc.assert(
      fc.property(questionLike, (question) => {
        expect(classifyQuestion(tables, question)).toEqual(classifyQuestion(tables, question));
        expect(routeQuestion(tables, capabilities, question)).toEqual(routeQuestion(tables, capabilities, question));
      }),
      { numRuns: 500 },
    );
  });

  it('routes out_of_scope and unknown nowhere, every other intent to an operation', () => {
    fc.assert(
      fc.property(questionLike, (question) => {
        const r = routeQuestion(tables, capabilities, question);
        const nowhere = r.intent === 'out_of_scope' || r.intent === 'unknown';
        expect(r.service === null, JSON.stringify(r)).toBe(nowhere);
        expect(r.request === null, JSON.stringify(r)).toBe(nowhere);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('HTTP properties', () => {
  const keyed = useKeyedTestApp();

  it.each([
    ['/classify', ClassificationSchema],
    ['/route', RouteDataSchema],
  ] as const)('%s answers any question up to the limit with a valid envelope, never a 500', async (path, schema) => {
    await fc.assert(
      fc.asyncProperty(questionLike, async (question) => {
        const res = await request(keyed.t.app).post(`/api/v1${path}`).set('Authorization', keyed.auth).send({ question });
        const trimmed = question.trim();
        if (trimmed.length === 0 || trimmed.length > MAX_QUESTION_LENGTH) {
          expect(res.status, JSON.stringify(res.body)).toBe(400);
          expect(res.body.error.param).toBe('question');
          return;
        }
        expect(res.status, JSON.stringify({ question, body: res.body })).toBe(200);
        expect(res.body.request_id).toMatch(/^req_/);
        expect(schema.safeParse(res.body.data).success, JSON.stringify(res.body)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
