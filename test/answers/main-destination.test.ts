import { describe, expect, it } from 'vitest';
import { mainDestinationByStay } from '../../src/answers/main-destination.js';
import { placesNamed } from '../../src/language/places-named.js';
import { loadKnowledge } from '../../src/knowledge/load-knowledge.js';
import { tokenizeText } from '../../src/language/tokenize-question.js';
import { tables } from '../language/tables.js';

const knowledge = loadKnowledge('rules');
const places = (question: string) => placesNamed(tables, tokenizeText(question).map((token) => token.word));

describe('placesNamed pairs each stay with its state, in the order the question writes them', () => {
  it.each([
    ['Rome for 5 days and Paris for 8 days', { IT: 5, FR: 8 }],
    ['5 days in Italy and 8 days in France', { IT: 5, FR: 8 }],
    ['a week in Vienna and 3 days in Prague', { AT: 7, CZ: 3 }],
    ['Berlin 10 days, Munich 4 days and Vienna 2 days', { DE: 14, AT: 2 }],
    ['Germany, Austria and Italy', {}],
    ['Paris for 8 days then Rome', { FR: 8 }],
    ['10 days in Spain', {}],
  ])('%s → %j', (question, stays) => {
    expect(Object.fromEntries(places(question).stays)).toEqual(stays);
  });
});

describe('mainDestinationByStay applies Visa Code Art. 5(1)(b) to those stays', () => {
  it('names the state of the longest stay, grounded on the rule fact and its sources', () => {
    const applied = mainDestinationByStay(knowledge, places('Rome for 5 days and Paris for 8 days'));
    const rule = knowledge.generalFacts('where_to_apply').find((fact) => fact.id === 'where_to_apply.main_destination');
    expect(applied?.fact).toEqual({
      id: 'where_to_apply.main_destination_by_stay',
      value: { stays: { FR: 8, IT: 5 }, main_destination: 'FR', rule: 'where_to_apply.main_destination' },
      sources: rule?.sources,
      lastVerifiedAt: rule?.last_verified_at,
    });
    expect(applied?.sentence).toBe('By the stays you give (France 8 days, Italy 5 days), the main destination by length of stay is France: apply to France.');
  });

  it('names no state when the two longest stays are equal', () => {
    expect(mainDestinationByStay(knowledge, places('4 days in Spain and 4 days in Portugal'))?.fact.value).toMatchObject({ main_destination: null });
  });

  it.each(['Paris for 8 days then Rome', 'Germany, Austria and Italy', '10 days in Spain'])('says nothing unless every state named has a stay: %s', (question) => {
    expect(mainDestinationByStay(knowledge, places(question))).toBeNull();
  });
});
