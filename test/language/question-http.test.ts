import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ClassificationSchema, RouteDataSchema } from '../../src/language/question-schemas.js';
import { useKeyedTestApp } from '../support/keyed-app.js';

describe('POST /classify and POST /route over HTTP', () => {
  const keyed = useKeyedTestApp();

  const post = (path: string, body: unknown) => request(keyed.t.app).post(`/api/v1${path}`).set('Authorization', keyed.auth).send(body as object);

  it('classifies a question with its entities, profile and evidence, 1 unit and no sources', async () => {
    const res = await post('/classify', { question: "I'm Indian, travelling to Frnace for two weeks to visit my sister — which documents?" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ClassificationSchema.safeParse(res.body.data).success, JSON.stringify(res.body)).toBe(true);
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({
      intent: 'document_requirements',
      country: 'FR',
      destination_status: 'schengen',
      travel_purpose: 'family',
      days: 14,
      profile: { nationality: 'IN', employment: null, minor: null },
    });
    expect(res.body.meta).toMatchObject({ units: 1, sources: [], last_verified_at: null });
  });

  it('reports a non-Schengen destination as out of scope', async () => {
    const res = await post('/classify', { question: 'Do I need a visa to visit London?' });
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ intent: 'out_of_scope', country: null, destination_status: 'not_schengen', non_schengen_destination: 'GB' });
  });

  it.each([
    ['What documents do I need for a tourist visa to France?', { method: 'GET', path: '/requirements', status: 'active' }, { method: 'GET', path: '/api/v1/requirements', template: '/requirements', query: { country: 'FR', travel_purpose: 'tourism' }, body: null, missing: [] }],
    ['How much money do I need for 10 days in Italy?', { method: 'GET', path: '/financial-requirements', status: 'active' }, { method: 'GET', path: '/api/v1/financial-requirements', template: '/financial-requirements', query: { country: 'IT', days: 10 }, body: null, missing: [] }],
    ['Tell me about visas for Austria', { method: 'GET', path: '/countries/{country}', status: 'active' }, { method: 'GET', path: '/api/v1/countries/AT', template: '/countries/{country}', query: {}, body: null, missing: [] }],
    ['Which countries are in Schengen?', { method: 'GET', path: '/countries', status: 'active' }, { method: 'GET', path: '/api/v1/countries', template: '/countries', query: {}, body: null, missing: [] }],
    ['How long can I stay in the Schengen area?', { method: 'POST', path: '/answer', status: 'active' }, { method: 'POST', path: '/api/v1/answer', template: '/answer', query: null, body: { question: 'How long can I stay in the Schengen area?' }, missing: [] }],
    ['Book a visa appointment for Spain', { method: 'GET', path: '/appointments', status: 'awaiting_integration' }, { method: 'GET', path: '/api/v1/appointments', template: '/appointments', query: { country: 'ES' }, body: null, missing: [] }],
    ['My visa was refused by Germany', { method: 'POST', path: '/refusal/analyze', status: 'awaiting_integration' }, { method: 'POST', path: '/api/v1/refusal/analyze', template: '/refusal/analyze', query: null, body: { question: 'My visa was refused by Germany' }, missing: [] }],
    ['Am I banned from Schengen after I overstayed?', { method: 'POST', path: '/entry-ban/analyze', status: 'awaiting_integration' }, expect.objectContaining({ path: '/api/v1/entry-ban/analyze' })],
    ['What is the status of my visa application?', { method: 'POST', path: '/visa-status/analyze', status: 'awaiting_integration' }, expect.objectContaining({ path: '/api/v1/visa-status/analyze' })],
    ['What documents do I need?', { method: 'GET', path: '/requirements', status: 'active' }, { method: 'GET', path: '/api/v1/requirements', template: '/requirements', query: {}, body: null, missing: ['country'] }],
  ])('routes "%s" to its operation with a ready-to-call request', async (question, service, ready) => {
    const res = await post('/route', { question });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(RouteDataSchema.safeParse(res.body.data).success, JSON.stringify(res.body)).toBe(true);
    expect(res.body.data.service, JSON.stringify(res.body)).toEqual(service);
    expect(res.body.data.request, JSON.stringify(res.body)).toEqual(ready);
    expect(res.body.meta.units).toBe(1);
  });

  it('gives the request of the route a 200 when it is sent as it is', async () => {
    const routed = await post('/route', { question: 'Which documents do I need for a business visa to Germany?' });
    const { path, query } = routed.body.data.request as { path: string; query: Record<string, string> };
    const res = await request(keyed.t.app).get(path).query(query).set('Authorization', keyed.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it.each(['Do I need a visa for the UK?', 'best restaurants in Barcelona', 'how do I get a work permit in Germany'])(
    'routes the out-of-scope "%s" nowhere',
    async (question) => {
      const res = await post('/route', { question });
      expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ intent: 'out_of_scope', service: null, request: null });
    },
  );

  it('routes an unrecognisable question nowhere, as unknown', async () => {
    const res = await post('/route', { question: 'asdkj qwe zzz' });
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ intent: 'unknown', service: null, request: null });
  });

  describe.each(['/classify', '/route'])('%s rejects a bad body with 400 naming the field', (path) => {
    it.each([
      ['a missing question', {}, 'question'],
      ['an empty question', { question: '' }, 'question'],
      ['a question of spaces only', { question: '   \n ' }, 'question'],
      ['a question over 1000 characters', { question: 'a'.repeat(1001) }, 'question'],
      ['a question that is not a string', { question: 42 }, 'question'],
      ['an unknown field', { question: 'visa for France', locale: 'en' }, 'locale'],
      ['a language hint that is no ISO 639-1 code', { question: 'visa for France', language: 'xx' }, 'language'],
      ['a three-letter language hint', { question: 'visa for France', language: 'fra' }, 'language'],
    ])('%s', async (_label, body, param) => {
      const res = await post(path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error, JSON.stringify(res.body)).toMatchObject({ code: 'invalid_request', param });
    });

    it('accepts exactly 1000 characters after trimming', async () => {
      const res = await post(path, { question: `  ${'visa '.repeat(200).slice(0, 1000)}  ` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });

    it('requires an API key', async () => {
      const res = await request(keyed.t.app).post(`/api/v1${path}`).send({ question: 'visa for France' });
      expect(res.status).toBe(401);
    });
  });

  // Issue 9: question forms real people use (test/language/question-forms.test.ts); the Visa
  // Code's common documents are the same in every state, so they are answered without a country.
  it.each([
    ['how do i get a schengen visa', 'application_procedure'],
    ['do I have to apply in person', 'application_procedure'],
    ['where do i need to apply for my schengen visa', 'where_to_apply'],
    ['can I apply in advance', 'application_timing'],
    ["why isn't ireland part of the schengen area", 'membership'],
    ['what is the difference between a schengen visa and a national visa', 'visa_types'],
    ['how many times can I enter with a schengen visa', 'visa_types'],
    ['What is the validity of a schengen visa', 'visa_validity'],
    ['married to a european citizen, what visa do I need', 'eu_family'],
    ['what documents do I need for a schengen visa', 'documents'],
  ])('routes and answers "%s" on one reading: %s', async (question, topic) => {
    const routed = await post('/route', { question });
    const answered = await post('/answer', { question });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const data = answered.body.data as { intent: string; country: string | null; answer: unknown; topics: string[]; unanswered: { topic: string }[] };
    expect({ intent: data.intent, country: data.country }).toEqual({ intent: routed.body.data.intent, country: routed.body.data.parameters.country });
    expect(data.answer, JSON.stringify(answered.body)).not.toBeNull();
    expect(data.topics).toContain(topic);
    expect(data.unanswered.map((u) => u.topic)).not.toContain(topic);
  });
});
