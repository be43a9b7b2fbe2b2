import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerInvariantProblems } from '../../src/quality/check-answer.js';
import { makeApiKey } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { expectMatchesOpenApi } from '../support/openapi.js';

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  key = (await makeApiKey(t)).key;
});

afterAll(async () => {
  await t?.close();
});

function answer(body: unknown) {
  return request(t.app).post('/api/v1/answer').set('Authorization', `Bearer ${key}`).send(body as object);
}

function invariants(res: { status: number; body: unknown }): string[] {
  return answerInvariantProblems({ status: res.status, body: res.body }, t.deps.rules.current().knowledge.sources);
}

describe('POST /answer body', () => {
  it.each([
    { name: 'no question', body: {}, param: 'question' },
    { name: 'an empty question', body: { question: '' }, param: 'question' },
    { name: 'a question of blanks only', body: { question: '   \n ' }, param: 'question' },
    { name: 'a question over 1,000 characters', body: { question: 'a'.repeat(1001) }, param: 'question' },
    { name: 'a question that is not a string', body: { question: 42 }, param: 'question' },
    { name: 'days 0', body: { question: 'money for France', days: 0 }, param: 'days' },
    { name: 'days 91', body: { question: 'money for France', days: 91 }, param: 'days' },
    { name: 'days not an integer', body: { question: 'money for France', days: 2.5 }, param: 'days' },
    { name: 'an unknown travel purpose', body: { question: 'documents for France', travel_purpose: 'study' }, param: 'travel_purpose' },
    { name: 'a country that is not a two-letter code', body: { question: 'documents', country: 'France' }, param: 'country' },
    { name: 'an unknown field', body: { question: 'documents for France', locale: 'en' }, param: 'locale' },
    { name: 'a language hint that is no ISO 639-1 code', body: { question: 'documents for France', language: 'xx' }, param: 'language' },
  ])('rejects $name with 400 invalid_request naming $param', async ({ body, param }) => {
    const res = await answer(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.param ?? res.body.error.message).toContain(param);
    expectMatchesOpenApi(res, 'post', '/api/v1/answer');
  });

  it('accepts a question of exactly 1,000 characters after trimming', async () => {
    const res = await answer({ question: `  ${'visa fee '.repeat(111)}v  `.slice(0, 1004) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('POST /answer answers', () => {
  it('charges 2 units and cites exactly the sources of its facts', async () => {
    const res = await answer({ question: 'How much does a Schengen visa cost?' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.meta.units).toBe(2);
    expect(res.body.data.answer).not.toBeNull();
    expect(invariants(res), JSON.stringify(res.body)).toEqual([]);
    expectMatchesOpenApi(res, 'post', '/api/v1/answer');
  });

  it.each([
    { name: 'country', body: { question: 'How much money do I need for 10 days in France?', country: 'pt' }, field: 'country', value: 'PT' },
    { name: 'days', body: { question: 'How much money do I need for 10 days in France?', days: 20 }, field: 'days', value: 20 },
    { name: 'travel purpose', body: { question: 'documents for a tourist visa to France', travel_purpose: 'business' }, field: 'travel_purpose', value: 'business' },
    { name: 'country alias EL', body: { question: 'documents for a tourist visa', country: 'EL' }, field: 'country', value: 'GR' },
  ])('lets the $name hint override the question', async ({ body, field, value }) => {
    const res = await answer(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data[field], JSON.stringify(res.body.data)).toBe(value);
    expect(invariants(res), JSON.stringify(res.body)).toEqual([]);
  });

  it('answers a null with a reason, no sources and a null date, and still charges 2 units', async () => {
    const res = await answer({ question: 'What is the weather like in Rome in April?' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ answer: null, reason: 'out_of_scope' });
    expect(res.body.meta).toMatchObject({ units: 2, sources: [], last_verified_at: null });
    expectMatchesOpenApi(res, 'post', '/api/v1/answer');
  });

  it('names the capability when the question belongs to one awaiting integration', async () => {
    const res = await answer({ question: 'Are there any visa appointments available in Germany next week?' });
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ answer: null, reason: 'capability_not_available', capability: 'appointments' });
  });

  it.each([
    'How much is the Schengen visa fee and how long does processing take?',
    'What is the 90/180 rule?',
  ])('dates an answer by the oldest verification date among its facts, null when one is undated: %s', async (question) => {
    const res = await answer({ question });
    const knowledge = t.deps.rules.current().knowledge;
    const facts = res.body.data.answer.facts as { id: string; last_verified_at: string | null }[];
    expect(facts.length).toBeGreaterThan(0);
    const dates = facts.map((fact) => knowledge.fact(fact.id)?.last_verified_at);
    expect(facts.map((fact) => fact.last_verified_at), 'each fact carries its own date').toEqual(dates);
    const expected = dates.some((date) => typeof date !== 'string') ? null : (dates as string[]).sort()[0];
    expect(res.body.meta.last_verified_at, JSON.stringify(res.body)).toBe(expected);
  });

  it('dates an answer whose facts are all dated (the 90/180 rule rests on Reg. 2018/1806, read on 2026-08-19)', async () => {
    const res = await answer({ question: 'What is the 90/180 rule?' });
    expect(res.body.meta.last_verified_at, JSON.stringify(res.body.meta)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('gives the same answer to the same question', async () => {
    const question = 'How much money do I need for 15 days in Italy and what is the fee?';
    const [a, b] = [await answer({ question }), await answer({ question })];
    expect(a.body.data).toEqual(b.body.data);
    expect(a.body.meta.sources).toEqual(b.body.meta.sources);
  });

  it('answers any question string with a sound envelope, never a 500 and never an unsourced fact', async () => {
    const words = fc.constantFrom('visa', 'fee', 'France', 'money', 'days', '10', 'ETIAS', 'EES', 'UK', 'Cyprus', 'documents', 'children', 'passport', 'insurance', 'how', 'much', '€', 'çà', '90/180', 'schengen', 'refused', 'appointment', 'Italy', 'Poland', 'for', 'in');
    const question = fc.oneof(
      fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim().length > 0),
      fc.array(words, { minLength: 1, maxLength: 25 }).map((list) => list.join(' ')),
    );
    await fc.assert(
      fc.asyncProperty(question, async (q) => {
        const res = await answer({ question: q });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(invariants(res), `${q}\n${JSON.stringify(res.body)}`).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
