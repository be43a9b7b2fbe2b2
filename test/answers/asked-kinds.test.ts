import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApiKey } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';

// Issue 9, abstention by what is asked: what a question asks for (an amount, a duration, a time,
// a place, a reason, a contact...) is read from its form (rules/language/asks.json), and only the
// topics, facts or fact kinds declared there answer it (the form of the question, an amount or a
// duration, by some topic of the answer; a contact, an opinion, a reason... by each topic). Each kind has a pair: a question of that
// kind on a topic whose rules do not state it (null, never the topic's facts instead), and one on
// a topic whose rules do (answered on that topic).
let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  key = (await makeApiKey(t)).key;
});

afterAll(async () => {
  await t?.close();
});

async function answer(question: string) {
  const res = await request(t.app).post('/api/v1/answer').set('Authorization', `Bearer ${key}`).send({ question });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { answer: { facts: { id: string }[] } | null; reason: string | null; topics: string[]; unanswered: { topic: string }[] };
}

const PAIRS: readonly { kind: string; mustBeNull: string; mustAnswer: string; topic: string; fact: string }[] = [
  { kind: 'reason', mustBeNull: 'Why do I need travel insurance for a Schengen visa?', mustAnswer: 'Why is Ireland not in the Schengen area?', topic: 'membership', fact: 'membership.ireland' },
  { kind: 'amount', mustBeNull: 'How much will the EES registration set me back?', mustAnswer: 'How much does the ETIAS cost?', topic: 'etias', fact: 'etias.fee' },
  { kind: 'duration', mustBeNull: 'How long does my ETIAS application take to be checked?', mustAnswer: 'How long is an ETIAS valid?', topic: 'etias', fact: 'etias.validity' },
  { kind: 'time', mustBeNull: 'When does the visa fee have to be paid?', mustAnswer: 'When does the EES start?', topic: 'ees', fact: 'ees.start' },
  { kind: 'place', mustBeNull: 'Where can I buy schengen travel insurance?', mustAnswer: 'Where do I apply if I visit Spain and Portugal?', topic: 'where_to_apply', fact: 'where_to_apply.main_destination' },
  { kind: 'contact', mustBeNull: 'What is the contact number of the Danish embassy visa section?', mustAnswer: 'Which authority handles visas for Latvia?', topic: 'application', fact: 'lv.authority' },
  { kind: 'statistic', mustBeNull: 'What percentage of Schengen applications get refused in Ghana?', mustAnswer: 'how many schengen countries are there', topic: 'membership', fact: 'membership.count' },
  { kind: 'opinion', mustBeNull: 'Which is the cheapest travel insurance for a Schengen visa?', mustAnswer: 'When is the best time to apply for a Schengen visa?', topic: 'application_timing', fact: 'application_timing.earliest_months' },
  { kind: 'consequence', mustBeNull: 'What happens if my passport is damaged while I am in Austria?', mustAnswer: 'What happens if I overstay my Schengen visa?', topic: 'overstay', fact: 'overstay.entry_ban' },
  { kind: 'detail', mustBeNull: 'Can I pay the Schengen visa fee with a credit card at the consulate?', mustAnswer: 'How much is the Schengen visa fee?', topic: 'fees', fact: 'fees.adult' },
  { kind: 'other_system', mustBeNull: 'Do I need an ESTA for the United States after my trip to France?', mustAnswer: 'Do I need ETIAS to visit France?', topic: 'etias', fact: 'etias.applies_to' },
  { kind: 'particular_office', mustBeNull: 'Does the embassy in Accra keep my passport until the decision?', mustAnswer: 'How long does the consulate in Lagos take to process a visa?', topic: 'processing_time', fact: 'processing_time.standard_days' },
  { kind: 'stamps', mustBeNull: 'Does Spain still stamp passports?', mustAnswer: 'Will the EES replace passport stamps?', topic: 'ees', fact: 'ees.replaces' },
  { kind: 'documents_list', mustBeNull: 'Which papers does ETIAS ask me to upload?', mustAnswer: 'Which documents do I need for a business visa to Spain?', topic: 'documents', fact: 'documents.passport' },
];

describe('POST /answer answers what is asked only from facts declared to answer it', () => {
  it.each(PAIRS)('$kind: "$mustBeNull" → null with a reason', async ({ mustBeNull }) => {
    const data = await answer(mustBeNull);
    expect(data.answer, JSON.stringify(data)).toBeNull();
    expect(data.reason, JSON.stringify(data)).not.toBeNull();
  });

  it.each(PAIRS)('$kind: "$mustAnswer" → answered on $topic with $fact', async ({ mustAnswer, topic, fact }) => {
    const data = await answer(mustAnswer);
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
    expect(data.topics.filter((answered) => !data.unanswered.some((u) => u.topic === answered))).toContain(topic);
    expect(data.answer?.facts.map((f) => f.id)).toContain(fact);
  });

  it('reads the form in any clause: a question after a statement is still a "why" question', async () => {
    const data = await answer('I have a US visa and I travel a lot. Why do I need travel insurance for Schengen?');
    expect(data.answer, JSON.stringify(data)).toBeNull();
  });

  it.each(['What is ETIAS and why does it matter for a trip to Italy?', 'what does the entry exit system mean for us as british tourists'])(
    'reads "why does it matter" and "what does it mean for me" as the topic asked, not a reason or a term to define: "%s"',
    async (question) => {
      const data = await answer(question);
      expect(data.answer, JSON.stringify(data)).not.toBeNull();
    },
  );

  it.each(['is travel insurance actually compulsory for the schengen visa, or only recommended?', 'does the insurance have to be valid in all schengen countries or only the one I visit?'])(
    'reads a rule asked about ("required or just recommended", "valid in all the states") as no opinion or detail: "%s"',
    async (question) => {
      const data = await answer(question);
      expect(data.answer?.facts.map((f) => f.id), JSON.stringify(data)).toContain('insurance.scope');
    },
  );

  it('still reads a recommendation asked for as an opinion', async () => {
    const data = await answer('which travel insurance company would you recommend for my schengen visa?');
    expect(data.answer, JSON.stringify(data)).toBeNull();
  });

  it('reads "how much validity" as a duration, not an amount', async () => {
    const data = await answer('How much is the minimum passport validity?');
    expect(data.answer?.facts.map((f) => f.id), JSON.stringify(data)).toContain('passport.valid_months_after_departure');
  });

  it('reads how long an EES registration lasts as the record kept three years (fact-cues.json)', async () => {
    const data = await answer("Once I've registered for EES, how long is the registration valid?");
    expect(data.answer?.facts.map((f) => f.id), JSON.stringify(data)).toContain('ees.retention_years');
  });

  it("asks the representation rule (unverified: null), not the state's authority, where the state has no consulate", async () => {
    const data = await answer('Finland has no embassy in my country, where do I apply for a Finnish visa?');
    expect(data.answer, JSON.stringify(data)).toBeNull();
    expect(data.reason).toBe('value_not_verified');
    const plain = await answer('Where do I apply for a Finnish visa?');
    expect(plain.answer, JSON.stringify(plain)).not.toBeNull();
  });

  it('answers a question of two forms when a part answers one of them ("when and where")', async () => {
    const data = await answer('When and where should I apply for an Italian visa?');
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
    expect(data.answer?.facts.map((f) => f.id)).toContain('application_timing.earliest_months');
  });
});
