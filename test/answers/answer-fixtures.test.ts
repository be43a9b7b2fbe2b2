import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAnswerFixtures } from '../../src/quality/answer-fixture.js';
import { fixtureDifferences } from '../../src/quality/check-answer.js';
import { fixtureRequestBody } from '../../src/quality/run-answer-fixtures.js';
import { makeApiKey } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { expectMatchesOpenApi } from '../support/openapi.js';

// The same fixture files `npx svc fixtures --suite answers` runs, one test per case, named by its id.
const fixtures = loadAnswerFixtures('fixtures/answers');

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  key = (await makeApiKey(t)).key;
});

afterAll(async () => {
  await t?.close();
});

describe('answer fixtures (fixtures/answers)', () => {
  it('cover at least 120 cases, every Schengen state and every intent', () => {
    const countries = new Set(fixtures.flatMap((f) => [f.expect.country, f.hints?.country]).filter((c): c is string => typeof c === 'string'));
    const members = t.deps.rules.current().knowledge.memberCodes();
    expect(fixtures.length).toBeGreaterThanOrEqual(120);
    expect(members.filter((code) => !countries.has(code)), 'states without a fixture').toEqual([]);
    const intents = new Set(fixtures.map((f) => f.expect.intent));
    const all = [...t.deps.rules.current().language.routes.keys()];
    expect(all.filter((intent) => !intents.has(intent)), 'intents without a fixture').toEqual([]);
  });

  it.each(fixtures.map((fixture) => [fixture.id, fixture] as const))('%s', async (_id, fixture) => {
    const res = await request(t.app).post('/api/v1/answer').set('Authorization', `Bearer ${key}`).send(fixtureRequestBody(fixture));
    const differences = fixtureDifferences(fixture, { status: res.status, body: res.body }, t.deps.rules.current().knowledge.sources);
    expect(differences, `${fixture.question}\n${JSON.stringify(res.body, null, 1)}`).toEqual([]);
    expectMatchesOpenApi(res, 'post', '/api/v1/answer');
  });
});
