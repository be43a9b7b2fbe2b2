import { describe, expect, it } from 'vitest';
import { classifyQuestion } from '../../src/language/classify-question.js';
import { routeQuestion } from '../../src/language/route-question.js';
import { capabilities, tables } from './tables.js';

// Issue 9, vocabulary that generalises: the question forms, paraphrases, misspellings and
// lower-case nationalities real people use (modelled on the English real-question corpus and
// on common FAQ headings), and the cue words that must not fire on an unrelated sense.
const classify = (question: string) => classifyQuestion(tables, question);
const show = (question: string) => JSON.stringify(classify(question).evidence, null, 1);
const operationOf = (question: string) => {
  const service = routeQuestion(tables, capabilities, question).service;
  return service ? `${service.method} ${service.path}` : null;
};

describe('question forms and paraphrases reach their intent and operation', () => {
  it.each([
    // "how do I", "what is", "where do I": the procedure, a visa centre, where to apply
    ['how do i get a schengen visa', 'application_procedure', 'POST /answer'],
    ['how to obtain a schengen visa', 'application_procedure', 'POST /answer'],
    ['do I have to apply in person', 'application_procedure', 'POST /answer'],
    ['what is vfs', 'application_procedure', 'POST /answer'],
    ['do I apply at the embassy or vfs', 'application_procedure', 'POST /answer'],
    ['what will they ask at the interview', 'application_procedure', 'POST /answer'],
    ['where do i need to apply for my schengen visa', 'where_to_apply', 'POST /answer'],
    ['where can we submit our applications', 'where_to_apply', 'POST /answer'],
    ['can I apply at any embassy', 'where_to_apply', 'POST /answer'],
    ['is it possible to apply for a schengen visa in another country', 'where_to_apply', 'POST /answer'],
    ['can I apply in london', 'where_to_apply', 'POST /answer'],
    ['can I apply in advance', 'application_timing', 'POST /answer'],
    ['should I apply in january', 'application_timing', 'POST /answer'],
    ['Can I get a Schengen visa urgently?', 'processing_time', 'POST /answer'],
    // membership asked with a negation or a list of states
    ['why isnt cyprus in schengen', 'country_list', 'GET /countries'],
    ["why isn't ireland part of the schengen area", 'country_list', 'GET /countries'],
    ['are monaco san marino and the vatican in schengen or not', 'country_list', 'GET /countries'],
    // kinds of visa, entries, what a visa's validity is
    ['what types of swiss tourist visa are there', 'visa_types', 'POST /answer'],
    ['what is the difference between a schengen visa and a national visa', 'visa_types', 'POST /answer'],
    ['which visa category do I need for germany', 'visa_types', 'POST /answer'],
    ['how many times can I enter with a schengen visa', 'visa_types', 'POST /answer'],
    ['What is the validity of a schengen visa', 'visa_validity', 'POST /answer'],
    // who needs a visa: nationals, dual citizens, residents of a non-member
    ['entry requirements for us citizens traveling to europe', 'visa_requirement', 'POST /answer'],
    ['schengen visa requirements for indian citizen', 'visa_requirement', 'POST /answer'],
    ['I have dual citizenship, do I still need a schengen visa', 'visa_requirement', 'POST /answer'],
    ['do uk residents need a visa for spain', 'residence_permit_holders', 'POST /answer'],
    ["i'm an expat in the uae, what are the eligibility criteria for a schengen visa", 'visa_requirement', 'POST /answer'],
    // family of EU citizens, residence permits held
    ['my wife is an eu citizen, do I need a visa to visit her', 'eu_family', 'POST /answer'],
    ['married to a european citizen, what visa do I need', 'eu_family', 'POST /answer'],
    ['my italian residence permit expired, can I come back without a visa', 'residence_permit_holders', 'POST /answer'],
    // counting the days, kinds of visa, biometrics
    ['how to count 90 days in schengen', 'stay_duration', 'POST /answer'],
    ['does the day of arrival count', 'stay_duration', 'POST /answer'],
    ['can i get a 5 year visa', 'visa_types', 'POST /answer'],
    ['what is a cascade visa', 'visa_types', 'POST /answer'],
    ['do i need biometrics again', 'biometrics', 'POST /answer'],
    ['can I use airbnb for the visa application', 'document_requirements', 'GET /requirements'],
    ['my wife is french can i come with her', 'eu_family', 'POST /answer'],
    // misspellings of the domain's own words
    ['do i need a shengen visa', 'visa_requirement', 'POST /answer'],
    ['UK visa holders do they need schengen visa', 'visa_requirement', 'POST /answer'],
    ['how much is a shengen visa', 'visa_fees', 'POST /answer'],
    ['schengan visa fee', 'visa_fees', 'POST /answer'],
    ['what is etais', 'etias', 'POST /answer'],
    ['ess machine at the border', 'ees', 'POST /answer'],
  ])('"%s" → %s, %s', (question, intent, operation) => {
    expect(classify(question).intent, show(question)).toBe(intent);
    expect(operationOf(question)).toBe(operation);
  });
});

describe('places where the applicant lives or applies are not destinations', () => {
  it.each([
    ['documents required for indians to get schengen visa in dubai', 'document_requirements', { nationality: 'IN' }],
    ['does us passport need visa for europe', 'visa_requirement', { nationality: 'US' }],
    ['indian citizen need visa for france?', 'visa_requirement', { nationality: 'IN' }],
    ['can I apply in london', 'where_to_apply', { nationality: null }],
  ])('"%s" → %s, not out of scope', (question, intent, profile) => {
    const result = classify(question);
    expect(result, show(question)).toMatchObject({ intent, destination_status: expect.not.stringMatching('not_schengen') as unknown, profile });
  });
});

describe('cue words do not fire on an unrelated sense', () => {
  it.each([
    ['I want to stay in europe for an extended amount of time, what visa?', 'visa_extension'],
    ['I have been granted a schengen visa, can I travel to italy first', 'visa_status'],
    ['my visa has been approved, can I travel to spain first', 'visa_status'],
    ['my visa has been granted for 15 days, can I stay longer?', 'visa_status'],
    ['are dogs allowed in schengen trains', 'country_list'],
    ['how long can I stay in schengen', 'country_list'],
    ['is it allowed to travel in schengen with an expired passport', 'country_list'],
    ['can I apply in advance', 'where_to_apply'],
    ['do I have to apply in person', 'where_to_apply'],
    ['what is the validity of my passport', 'visa_validity'],
  ])('"%s" is not %s', (question, intent) => {
    expect(classify(question).intent, show(question)).not.toBe(intent);
  });

  it.each([
    ['has my visa been granted yet', 'visa_status'],
    ['was my visa for Spain approved?', 'visa_status'],
    ['is croatia in schengen', 'country_list'],
    ['Is Switzerland a full Schengen country?', 'country_list'],
    ['is romania a full schengen member now', 'country_list'],
    ['can i extend my schengen visa', 'visa_extension'],
  ])('keeps the sense it names: "%s" → %s', (question, intent) => {
    expect(classify(question).intent, show(question)).toBe(intent);
  });
});
