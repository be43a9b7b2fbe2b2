import { describe, expect, it } from 'vitest';
import { classifyQuestion } from '../../src/language/classify-question.js';
import { tables } from './tables.js';

// Background clauses (intents.json `clauses`): a narrative clause next to a clause that asks counts
// for less than the clause that asks, once that one has a cue of its own. Written for the test,
// not copied from the corpus.
const classify = (question: string) => classifyQuestion(tables, question);
const show = (question: string) => JSON.stringify(classify(question), null, 1);

describe('the clause that asks decides the topic over the case told before it', () => {
  it.each([
    // A visa question asked by the holder of a third country's work or student visa, with no
    // nationality given, gets the rules for permit holders (intents.json `held`), not visa_validity.
    ['I work in Dubai on a work visa, do I need a schengen visa for a week in Rome?', 'residence_permit_holders'],
    ['we are going to several schengen countries, which embassy do we apply to?', 'where_to_apply'],
    ['I have been living in London on a student visa for two years, do I need a visa to visit Spain?', 'residence_permit_holders'],
  ])('"%s" → %s', (question, intent) => {
    expect(classify(question).intent, show(question)).toBe(intent);
  });
});

describe('the narrative stays the topic', () => {
  it.each([
    // The clause that asks has no cue of its own.
    ['my visa was refused last month, what can I do now?', 'refusal_appeal'],
    // It refers back to the narrative.
    ['I got an entry ban from Germany, how long does it last?', 'entry_ban'],
    ['my passport expires in 2 months, is that enough for Spain?', 'passport_validity'],
    // The narrative names who asks: a permit held, fingerprints given.
    ['I already gave my fingerprints for my last visa, do I have to come in person again?', 'biometrics'],
    // What the applicant wants to do is the request, not background.
    ['I want to study in Spain, which visa?', 'out_of_scope'],
  ])('"%s" → %s', (question, intent) => {
    expect(classify(question).intent, show(question)).toBe(intent);
  });

  it('other languages have no background clauses', () => {
    expect(tables.otherLanguages.get('fr', tables.countryNames.get('fr')!)?.clauses ?? null).toBeNull();
  });
});

describe('an airport transit through a Schengen state on the way to a state outside it', () => {
  it.each([
    ['flying from Lagos to Toronto via Frankfurt, do I need an airport transit visa?', 'DE'],
    ['going to Canada through Amsterdam airport, do I need a transit visa as an Indian?', 'NL'],
  ])('"%s" → airport_transit about %s', (question, country) => {
    const classification = classify(question);
    expect(classification.intent, show(question)).toBe('airport_transit');
    expect(classification.country, show(question)).toBe(country);
    expect(classification.destination_status, show(question)).toBe('schengen');
  });

  it.each([
    'flying to the US with a layover somewhere in Europe, do I need a schengen transit visa?',
    'Je vais au Canada avec une escale, faut-il un visa de transit Schengen ?',
  ])('"%s" → airport_transit through the Schengen area, no state named: no country, and the state outside is no destination', (question) => {
    const classification = classify(question);
    expect(classification.intent, show(question)).toBe('airport_transit');
    expect(classification.country, show(question)).toBeNull();
    expect(classification.destination_status, show(question)).toBe('schengen');
    expect(classification.non_schengen_destination, show(question)).toBeNull();
  });

  it('a question about the visa of the state outside stays out of scope', () => {
    expect(classify('flying to the US with a layover in Europe, do I need a visa for the US?').intent).toBe('out_of_scope');
    expect(classify('flying to Toronto via Amsterdam, do I need a visa for Canada?').intent).toBe('out_of_scope');
  });
});

describe("a minor's case", () => {
  it.each(['what documents does my 15 year old son need for a visa to Austria?', 'papers needed for a child travelling to Portugal with her grandmother'])('"%s" → minors', (question) => {
    expect(classify(question).intent, show(question)).toBe('minors');
  });

  it('an adult asking for documents keeps the documents', () => {
    expect(classify('what documents do I need for a visa to Austria?').intent).toBe('document_requirements');
  });
});
