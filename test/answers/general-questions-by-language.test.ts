import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AnswerDataSchema } from '../../src/answers/answer-schemas.js';
import { useKeyedTestApp } from '../support/keyed-app.js';

/**
 * The two general questions asked most in every language of the corpus, in our own words (none is
 * a corpus question): who needs a Schengen visa (the EU visa list, Annex I: no nationality needed
 * for the list) and what a Schengen visa is, with the words people put inside the question.
 */
const WHO_NEEDS = [
  ['en', 'Who requires a Schengen visa?'],
  ['fr', "Qui a besoin d'un visa Schengen ?"],
  ['es', '¿Quién necesita visado Schengen?'],
  ['de', 'Wer braucht ein Schengen-Visum?'],
  ['it', 'Chi ha bisogno del visto Schengen?'],
  ['pt', 'Quem precisa de visto Schengen?'],
  ['nl', 'Wie heeft een Schengenvisum nodig?'],
  ['pl', 'Kto musi mieć wizę Schengen?'],
  ['tr', 'Kimler Schengen vizesi almak zorunda?'],
  ['ru', 'Кому нужна шенгенская виза?'],
  ['ar', 'من يحتاج إلى تأشيرة شنغن؟'],
  ['zh', '谁需要申根签证？'],
] as const;

const WHAT_IS = [
  ['en', "What's a Schengen visa?"],
  ['fr', "C'est quoi exactement un visa Schengen ?"],
  ['es', '¿Qué es exactamente el visado Schengen?'],
  ['de', 'Was ist eigentlich ein Schengen-Visum?'],
  ['it', "Che cos'è esattamente il visto Schengen?"],
  ['pt', 'O que é afinal o visto Schengen?'],
  ['nl', 'Wat is eigenlijk een Schengenvisum?'],
  ['pl', 'Co to jest wiza Schengen?'],
  ['tr', 'Schengen vizesi nedir?'],
  ['ru', 'А что вообще такое шенгенская виза?'],
  ['ar', 'ما هي تأشيرة شنغن؟'],
  ['zh', '申根签证到底是什么？'],
] as const;

describe('general questions in every supported language', () => {
  const keyed = useKeyedTestApp();
  const answer = async (question: string) => {
    const res = await request(keyed.t.app).post('/api/v1/answer').set('Authorization', keyed.auth).send({ question });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(AnswerDataSchema.safeParse(res.body.data).success, JSON.stringify(res.body)).toBe(true);
    return res.body as { data: { language: string; intent: string; nationality: string | null; answer: { facts: { id: string }[] } | null }; meta: { sources: unknown[] } };
  };

  it.each(WHO_NEEDS)('%s: "who needs a visa" gets the Annex I list without a nationality (%s)', async (language, question) => {
    const { data, meta } = await answer(question);
    expect(data, JSON.stringify(data)).toMatchObject({ language, intent: 'visa_requirement', nationality: null });
    expect(data.answer?.facts.map((fact) => fact.id)).toEqual(['visa_requirement.annex_i']);
    expect(meta.sources.length).toBeGreaterThan(0);
  });

  it.each(WHAT_IS)('%s: "what is a Schengen visa" gets the visa-types facts (%s)', async (language, question) => {
    const { data, meta } = await answer(question);
    expect(data, JSON.stringify(data)).toMatchObject({ language, intent: 'visa_types' });
    expect(data.answer?.facts.map((fact) => fact.id)).toContain('visa_types.uniform_visa');
    expect(meta.sources.length).toBeGreaterThan(0);
  });
});
