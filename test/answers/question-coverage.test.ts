import { describe, expect, it } from 'vitest';
import { composeAnswer, type AnswerContext } from '../../src/answers/compose-answer.js';
import { loadRules } from '../../src/knowledge/rule-book.js';
import { readQuestion } from '../../src/language/classify-question.js';

// Issue 9: a yes/no question is answered only when the facts given name what it asks about
// (rules/language/fact-cues.json `coverage`). Content words that neither the answer, nor what the
// question was understood to ask, nor a country name, nor a generic word cover make it a detail
// no rule states: null with no_matching_rule, never the topic's default facts standing next to it.
const rules = loadRules('rules');
const context: AnswerContext = { knowledge: rules.knowledge, language: rules.language, capabilities: rules.capabilities };
const ask = async (question: string) => (await composeAnswer({ question }, context)).data;

describe('a yes/no question about a detail the facts do not state', () => {
  it.each([
    'Can I apply for ETIAS via phone or email?',
    'does the schengen insurance cover covid related medical fees?',
    'will the EES be suspended in the summer because of the long queues?',
    'can the spanish consulate ask my non-EU wife for hotel bookings and insurance on top of our marriage certificate?',
  ])('%s → null (no_matching_rule)', async (question) => {
    const data = await ask(question);
    expect(data.answer, JSON.stringify(data)).toBeNull();
    expect(data.reason).toBe('no_matching_rule');
  });
});

describe('a yes/no question the facts answer keeps its answer', () => {
  it.each([
    ['Is travel insurance required for a Schengen visa?', 'insurance'],
    ['does my guest still need travel health insurance if I sign the invitation?', 'insurance'],
    ['Can I extend my stay in Germany beyond 90 days?', 'visa_extension'],
    ['is visa insurance mandatory for every purpose, even business and study?', 'insurance'],
    ['can I use my existing medical insurance for the schengen visa instead of buying new', 'insurance'],
    // What the trip is for or like (a match, backpacking, the season) asks for no fact of its own.
    ['do kenyans need a visa to go to germany to watch a match?', 'visa_requirement'],
    ['quick one, going backpacking in italy this summer on a us passport, do i need a visa?', 'visa_requirement'],
  ])('%s → %s', async (question, topic) => {
    const data = await ask(question);
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
    expect(data.topics).toContain(topic);
  });

  it('reads the first sentence that asks as the yes/no question: a sentence of context before it is not the question', async () => {
    const data = await ask('Aussie here. Can I apply for ETIAS by phone or email?');
    expect(data.answer, JSON.stringify(data)).toBeNull();
    expect(data.reason).toBe('no_matching_rule');
  });

  it('reads only the first sentence as the yes/no question, so its context words never count', async () => {
    const data = await ask('Is travel insurance mandatory for a family visit visa? My cousin lives in Lyon and invited us.');
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
    expect(data.topics).toContain('insurance');
  });

  it('leaves questions that are not yes/no questions to the other checks', async () => {
    const data = await ask('What does schengen visa travel insurance cover?');
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
  });

  it('checks a question in another language with the coverage block of its own file: a question the facts answer keeps its answer', async () => {
    const data = (await composeAnswer({ question: 'Faut-il une assurance voyage pour le visa Schengen ?' }, context)).data;
    expect(data.reason).not.toBe('no_matching_rule');
  });
});

// Another language's file may hold the same coverage block (fact_cues.coverage): its yes/no forms
// and generic words, its own fact cues and its reduced words ("prolonger" → "prolong") name what
// the question asks, since the answer itself is written in English.
describe('a yes/no question in another language', () => {
  it.each([
    'Est-ce que le visa Schengen permet de conduire une voiture en France ?',
    '¿Puedo llevar mi perro en el viaje con la visa Schengen?',
  ])('%s → null (no_matching_rule) when the facts do not name what it asks', async (question) => {
    const data = await ask(question);
    expect(data.answer, JSON.stringify(data)).toBeNull();
    expect(data.reason).toBe('no_matching_rule');
  });

  it.each([
    ['Est-ce que je peux prolonger mon visa Schengen ?', 'visa_extension'],
    ["Est-ce que l'assurance voyage doit couvrir le rapatriement ?", 'insurance'],
    ['¿Los niños menores de 12 años tienen que dar huellas?', 'biometrics'],
    ['Puedo pedir la visa Schengen desde un pais donde no soy ciudadano pero vivo?', 'where_to_apply'],
  ])('%s → %s, answered', async (question, topic) => {
    const data = await ask(question);
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
    expect(data.topics).toContain(topic);
  });
});

// The question forms of rules/language/asks.json that no rule answers (issue 9, general forms).
describe('question forms no rule answers', () => {
  it.each([
    'can border control still refuse me even with a schengen visa?',
    'does the parents consent for my kids visa have to be notarized?',
    'what did the consul ask you at the schengen visa interview?',
    'how to get a schengen visa without a regular full-time job, as a freelancer?',
    'does a schengen visa also get me into non schengen countries?',
    'which non-schengen countries can you visit with a type D visa?',
    'how much does the germany family reunion visa for parents cost',
    'I came to germany visa free as an american, can I apply for a residence permit there without leaving?',
    'has anyone had issues at border control with a schengen visa?',
  ])('%s → null', async (question) => {
    const data = await ask(question);
    expect(data.answer, JSON.stringify(data)).toBeNull();
  });
});

// A question of any form, counted over all its sentences (coverage `min_uncovered_any`, 3 in
// English and French): that many words that neither the answer nor what was understood nor a
// generic word (natural's stop words of the language among them) name make it a detail no rule
// states. Our own questions, written for this test.
describe('a question of any form about a detail the facts do not state', () => {
  it.each([
    'what happens to my EES record if the chip in my passport is broken and I queue at the manual booth?',
    "Quels papiers pour le visa si mon patron refuse de signer l'attestation de congé et que la banque tarde ?",
  ])('%s → null (no_matching_rule)', async (question) => {
    const data = await ask(question);
    expect(data.answer, JSON.stringify(data)).toBeNull();
    expect(data.reason).toBe('no_matching_rule');
  });

  it.each([
    ['how much is the schengen visa fee for a child travelling with her grandparents?', 'fees'],
    ['how long can I stay in the schengen area with a multiple entry visa?', 'short_stay'],
    // "ourselves", "until" and "further" are natural's English stop words: only "notice" is left over.
    ['what is the visa fee for ourselves and our children, until further notice?', 'fees'],
    ['Quel est le prix du visa Schengen pour un enfant ?', 'fees'],
  ])('%s → %s, answered: fewer words are left over', async (question, topic) => {
    const data = await ask(question);
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
    expect(data.topics).toContain(topic);
  });
});

// The coverage test reads a question with its own language's tables: the country names of that
// language are names, not details, however they are typed (lower-case German, Arabic with "و"),
// and Chinese is cut into words and at "？" as the rest of the reading is.
describe('coverage reads a question in its own language', () => {
  it.each([
    'kann ich mit einem schengen visum aus italien nach frankreich, österreich und ungarn reisen?',
    'هل يمكنني السفر الى فرنسا والنمسا وهولندا بتأشيرة شنغن من ايطاليا؟',
  ])('%s → answered (visa_validity): the states it names are covered', async (question) => {
    const data = await ask(question);
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
    expect(data.topics).toContain('visa_validity');
  });

  it('counts Chinese words of two characters: skiing and diving are details the insurance facts do not state', async () => {
    const data = await ask('申根保险必须覆盖滑雪和潜水运动吗？');
    expect(data.answer, JSON.stringify(data)).toBeNull();
    expect(data.reason).toBe('no_matching_rule');
    const answerable = await ask('去法国旅游需要办理申根签证吗？');
    expect(answerable.answer, JSON.stringify(answerable)).not.toBeNull();
  });

  it('cuts a Chinese question into words and at its full-width question mark', () => {
    const reading = readQuestion(rules.language, '我的签证是意大利发的。可以去法国吗？签证费多少钱？');
    expect(reading.language.language).toBe('zh');
    // Three sentences; the words asked about are those of the two that end with "？".
    expect(reading.sentences.filter((sentence) => sentence.trim() !== '')).toHaveLength(3);
    expect(reading.tokens.map((token) => token.word)).not.toContain('我的签证是意大利发的');
    expect(reading.tokens.length).toBeGreaterThan(4);
    expect(reading.tokens.map((token) => token.word).join('')).toBe('可以去法国吗签证费多少钱');
  });
});
