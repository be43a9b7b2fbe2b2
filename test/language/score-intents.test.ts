import { describe, expect, it } from 'vitest';
import { classifyQuestion } from '../../src/language/classify-question.js';
import { tables } from './tables.js';

const classify = (question: string) => classifyQuestion(tables, question);
const show = (question: string) => JSON.stringify(classify(question), null, 1);

describe('signals: a residence permit asked for, or one the applicant holds', () => {
  it.each([
    'do i need a visa for Spain if I hold a residence permit from the UK',
    'I have a UK residence permit, do I need a visa for France?',
    'Can residence permit holders from the US visit Italy without a visa?',
    'can I travel to Austria on my German residence card',
    // "with a" and, for a permit, "my" mark it held (profile held_before, held_before_permit).
    'im a non-EU student in poland with a polish residence card, can i go to berlin and prague at weekends without any visa?',
    'my italian residence permit is valid, can I visit France without a visa?',
  ])('"%s" → held: counts for visa_requirement, not out_of_scope; with no nationality the rules for permit holders answer', (question) => {
    const result = classify(question);
    expect(result.intent, show(question)).toBe('residence_permit_holders');
    expect(result.evidence.some((e) => e.value === 'visa_requirement' && e.rule.includes('held'))).toBe(true);
  });

  it.each([
    'How do I get a residence permit in Spain?',
    'I need help with a residence permit for Germany',
    'how do I renew my residence card in Italy',
    'I have no residence permit, can I apply for one in France?',
  ])('"%s" → asked for: out_of_scope', (question) => {
    expect(classify(question).intent, show(question)).toBe('out_of_scope');
  });

  it('reads "my" as holding a permit, not a visa: "submit my France visa in Dubai" is the visa applied for', () => {
    expect(classify('how early can I submit my france visa in dubai?'), show('my france visa')).toMatchObject({ country: 'FR', destination_status: 'schengen' });
  });
});

describe('signals: "a Schengen visa from" names the issuing state only before a Schengen state', () => {
  it('counts for visa_validity before a Schengen state', () => {
    expect(classify('can I visit Norway with a Schengen visa from Poland').intent).toBe('visa_validity');
  });

  it.each(['documents for a schengen visa from New York', 'what do I need to submit for a schengen visa from India'])('does not count in "%s"', (question) => {
    const result = classify(question);
    expect(result.intent, show(question)).toBe('document_requirements');
    expect(result.evidence.some((e) => e.value === 'visa_validity')).toBe(false);
  });
});

describe('signals: an approval asked about is a status question', () => {
  it.each([
    ['Can you tell me if my schengen visa application was approved? France', 'FR'],
    ['was my visa for Spain approved?', 'ES'],
    ['has my Italian visa been granted yet', 'IT'],
  ])('"%s" → visa_status, %s', (question, country) => {
    expect(classify(question), show(question)).toMatchObject({ intent: 'visa_status', country });
  });

  it('keeps "not approved" a refusal', () => {
    expect(classify('my visa for Norway was not approved, how do I complain?').intent).toBe('refusal');
  });
});

describe('signals: "which visa do I need" asks whether and which visa is needed', () => {
  it.each(['trip to Paris and London, which visa do I need', 'what type of visa do I need for Malta'])('"%s" → visa_requirement', (question) => {
    expect(classify(question).intent, show(question)).toBe('visa_requirement');
  });
});
