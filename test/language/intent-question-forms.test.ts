import { describe, expect, it } from 'vitest';
import { classifyQuestion } from '../../src/language/classify-question.js';
import { tables } from './tables.js';

// Question forms of issue 9 (real questions): which cue wins when two topics are named, and what
// a question form says about a cue word. Written for the test, not copied from the corpus.
const classify = (question: string) => classifyQuestion(tables, question);
const show = (question: string) => JSON.stringify(classify(question), null, 1);

describe('a refusal that happened is analysed; one asked about as a possibility is not', () => {
  it.each(['my visa was refused last week', 'why did the french consulate reject my application'])('"%s" → refusal', (question) => {
    expect(classify(question).intent, show(question)).toBe('refusal');
  });

  it.each([
    ['could my visa be refused if my bank balance is low?', 'financial_requirements'],
    ['will they reject me if my passport is old', 'passport_validity'],
  ])('"%s" → the topic of the condition (%s)', (question, intent) => {
    expect(classify(question).intent, show(question)).toBe(intent);
  });

  it.each([
    'what should I do if my visa gets rejected?',
    'what is a schengen refusal',
    'my visa was rejected, can I challenge the decision?',
    'refused by the embassy, what are my rights?',
    'does the consulate have to tell me why they refused me?',
    'got denied, should I reapply?',
  ])('"%s" → refusal_appeal', (question) => {
    expect(classify(question).intent, show(question)).toBe('refusal_appeal');
  });
});

describe('word families that name a topic', () => {
  it.each([
    ['my husband is not an EU citizen, can he come with me to Italy?', 'eu_family'],
    ['who needs an airport transit visa for Frankfurt?', 'airport_transit'],
    ['do they take my fingerprints when I enter at the border?', 'ees'],
    ['my visa expires on Friday, can I still enter Greece?', 'visa_validity'],
    ['can I travel around Europe on my type D visa from Spain?', 'residence_permit_holders'],
    ['can my brother submit the application on my behalf?', 'application_procedure'],
    ['how do I check the status of my application?', 'visa_status'],
    ['who issues the schengen visa?', 'visa_types'],
    ['is it possible to apply for a schengen visa online?', 'application_procedure'],
    ['can i enter schengen on the last day of my visa?', 'visa_validity'],
    ['does my schengen visa work in romania?', 'visa_validity'],
    ['with a schengen visa do i need a visa for austria', 'visa_validity'],
    ['I have a schengen visa from Spain, do I need a separate visa for Portugal?', 'visa_validity'],
    ['how long does the French consulate in Lagos take right now?', 'processing_time'],
    ['do they return my passport if my application is refused?', 'visa_status'],
    ["what does 'territorially limited' mean?", 'visa_types'],
    ["my schengen visa says 'M' under entries, what does that mean?", 'visa_types'],
    ['who is exempt from the visa requirement?', 'visa_requirement'],
    ['Ghanaian passport, changing planes in Amsterdam on the way to Toronto: any visa needed?', 'airport_transit'],
    ['do we need a visa for transit in Vienna?', 'airport_transit'],
    ['does my mother need a visa to transit through Madrid airport?', 'airport_transit'],
    ['who needs health insurance for a schengen trip?', 'travel_insurance'],
    ['who needs to pay the visa fee?', 'visa_fees'],
    ['my kids are going to Austria with their aunt, do they need a letter from their father?', 'minors'],
    ['does the consent letter for my son need to be notarised?', 'minors'],
    ['how long does a remonstrance take after the refusal?', 'refusal_appeal'],
    ['what happens if we exceed the 90 days by a week?', 'overstay'],
    ['how much money must I show for two weeks in Austria travelling alone?', 'financial_requirements'],
    ['my 15 year old is travelling alone to Spain, what does she need?', 'minors'],
    ['is the 90 day limit counted per country or for all of them?', 'stay_duration'],
    ['do the days of arrival and departure count as schengen days?', 'stay_duration'],
    ['how long is the embassy allowed to take to decide?', 'processing_time'],
    ['do I have to go to the visa centre in person or can my agent submit it?', 'application_procedure'],
    ['can pakistanis get a visa on arrival in italy?', 'visa_requirement'],
    ['what is the penalty in Spain if you stay beyond the 90 days?', 'overstay'],
    ['if we leave Portugal a few days after our 90 days, will we get a fine?', 'overstay'],
  ])('"%s" → %s', (question, intent) => {
    expect(classify(question).intent, show(question)).toBe(intent);
  });
});

describe('a place where the application is lodged is no destination', () => {
  it.each(['where can I submit my visa application in Toronto?', 'can I apply for a Schengen visa in Toronto?'])('"%s" → where_to_apply, in scope', (question) => {
    const result = classify(question);
    expect(result.intent, show(question)).toBe('where_to_apply');
    expect(result.destination_status, show(question)).toBeNull();
  });

  it('a visa named by a non-member keeps its place the destination', () => {
    expect(classify('can I apply for a Canadian visa in Toronto?').intent).toBe('out_of_scope');
  });
});

describe('an adverb slipped into a cue phrase does not hide it (intents.json gap_words)', () => {
  it.each([
    ['who really needs a schengen visa?', 'visa_requirement'],
    ['how many months does my passport still need to be valid for Spain?', 'passport_validity'],
    ['how exactly are the 90 days counted?', 'stay_duration'],
    // Each language names its own (pl, tr, fr, de, it, pt, nl, ru files).
    ['Czym właściwie różni się wiza Schengen od krajowej D? Chcę zaprosić brata z Gruzji na dwa tygodnie', 'visa_types'],
  ])('"%s" → %s', (question, intent) => {
    expect(classify(question).intent, show(question)).toBe(intent);
  });
});

describe('living or retiring in a state is no short stay', () => {
  it.each(['what visa do we need to live in France?', 'we want to retire to Spain, which visa do we need?'])('"%s" → out_of_scope', (question) => {
    expect(classify(question).intent, show(question)).toBe('out_of_scope');
  });

  it('living outside the area is who asks, not what: "I live in Dubai, do I need a visa to visit Germany?" keeps its topic', () => {
    expect(classify('I live in Dubai, do I need a visa to visit Germany for 10 days?').intent).toBe('visa_requirement');
  });
});
