import { describe, expect, it } from 'vitest';
import { composeAnswer, type AnswerContext } from '../../src/answers/compose-answer.js';
import { loadRules } from '../../src/knowledge/rule-book.js';
import { classifyQuestion } from '../../src/language/classify-question.js';
import { routeQuestion } from '../../src/language/route-question.js';

// Issue 9, abstention by what is asked: a question the rules cannot answer gets `null`, never a
// fact that is merely about the same state or topic. The kinds and the facts that answer them are
// data (rules/language/asks.json); these rows are the questions of each kind that must stay null.
const rules = loadRules('rules');
const context: AnswerContext = { knowledge: rules.knowledge, language: rules.language, capabilities: rules.capabilities };
const ask = async (question: string) => (await composeAnswer({ question }, context)).data;

const MUST_BE_NULL: readonly { kind: string; question: string }[] = [
  // contacts
  { kind: 'contact', question: 'What is the phone number of the Italian consulate in Lagos?' },
  { kind: 'contact', question: 'german embassy delhi telephone number for visa' },
  { kind: 'contact', question: 'email address of the French consulate in Mumbai' },
  { kind: 'contact', question: 'What are the opening hours of the Spanish visa section?' },
  { kind: 'contact', question: 'whatsapp number for the netherlands embassy visa desk' },
  { kind: 'contact', question: 'What is the address of the Belgian embassy in Nairobi?' },
  { kind: 'contact', question: 'hotline of the Polish consulate for schengen visa' },
  { kind: 'contact', question: 'Austrian embassy office hours on friday' },
  // statistics
  { kind: 'statistic', question: 'How many Schengen visas did Germany issue in 2023?' },
  { kind: 'statistic', question: 'What is the rejection rate for French visas in India?' },
  { kind: 'statistic', question: 'schengen visa refusal rate for nigerians' },
  { kind: 'statistic', question: 'Which country has the highest approval rate for schengen visas statistics' },
  { kind: 'statistic', question: 'how many people apply for an italian visa each year' },
  { kind: 'statistic', question: 'success rate of Greek visa applications' },
  { kind: 'statistic', question: 'number of visas issued by Spain last year' },
  // personal cases
  { kind: 'personal_case', question: 'Will I be approved for a Schengen visa if I am unemployed?' },
  { kind: 'personal_case', question: 'what are my chances of getting a french visa with 2000 euros in the bank' },
  { kind: 'personal_case', question: 'will my visa be refused because of an old overstay in the UK' },
  { kind: 'personal_case', question: 'Is my case strong enough for a German visa, I have a job and a house' },
  { kind: 'personal_case', question: 'will they reject my application if my hotel booking is cancelled' },
  { kind: 'personal_case', question: 'chances of getting a 5 year multiple entry visa from Italy' },
  { kind: 'personal_case', question: 'will i get the visa if my sponsor is my uncle' },
  // opinions
  { kind: 'opinion', question: 'Which Schengen country is the easiest to get a visa from?' },
  { kind: 'opinion', question: 'is it easier to apply through the Dutch or the German embassy' },
  { kind: 'opinion', question: 'best consulate to apply for a schengen visa in Dubai' },
  { kind: 'opinion', question: 'which embassy is the most lenient for schengen visas' },
  { kind: 'opinion', question: 'do you think I should book flights before the visa' },
  { kind: 'opinion', question: 'tips for the schengen visa interview' },
  { kind: 'opinion', question: 'Is it better to apply for a French or a Spanish visa?' },
  { kind: 'opinion', question: 'Is travel insurance from my bank good enough, in your opinion?' },
  // consequences no rule states
  { kind: 'consequence', question: 'What happens if my passport expires while I am in Spain?' },
  { kind: 'consequence', question: 'what happens if i miss my visa appointment' },
  { kind: 'consequence', question: 'What are the penalties for working on a tourist visa in Germany?' },
  { kind: 'consequence', question: 'what happens if I lose my passport with the schengen visa in it' },
  { kind: 'consequence', question: 'What happens if my insurance does not cover the whole trip?' },
  { kind: 'consequence', question: 'will i get in trouble if i arrive a day before my visa starts' },
  { kind: 'consequence', question: 'what would happen if I leave the schengen area and come back the same day' },
  // appeals and procedures of other systems
  { kind: 'other_system', question: 'Can I appeal an ETIAS denial?' },
  { kind: 'other_system', question: 'my etias was refused, what can I do' },
  { kind: 'other_system', question: 'how to appeal the etias refusal' },
  { kind: 'other_system', question: 'Do I need an ESTA for a layover in the US after Paris?' },
  { kind: 'other_system', question: 'uk eta for schengen visa holders' },
  { kind: 'other_system', question: 'etias rejected what now' },
  { kind: 'other_system', question: 'appeal my etias decision' },
  { kind: 'other_system', question: 'Which countries accept a Schengen visa?' },
  // non-members: never the list of the area or the validity of a Schengen visa instead
  { kind: 'not_schengen_state', question: 'can I use my UK visa to travel to France?' },
  { kind: 'not_schengen_state', question: 'Is a Schengen visa valid in Greenland?' },
  { kind: 'not_schengen_state', question: 'can I visit Curacao with my schengen visa?' },
  { kind: 'not_schengen_state', question: 'is montenegro part of the schengen area, is my schengen visa valid there' },
  // a particular office, airport or document detail
  { kind: 'particular_office', question: 'Does the Dutch embassy in Manila give multiple entry visas to first-time applicants?' },
  // A national list decides for a nationality not on Annex IV (Nigerians, on it, get the common list).
  { kind: 'particular_office', question: 'do Indians need a transit visa for a stop at Paris airport?' },
  { kind: 'detail', question: 'Can I use my expired passport with the valid visa inside?' },
  { kind: 'detail', question: 'Is it a criminal offence to overstay in Spain?' },
];

describe('questions the rules cannot answer get null, never a neighbouring fact', () => {
  it('has at least 40 rows', () => expect(MUST_BE_NULL.length).toBeGreaterThanOrEqual(40));

  it.each(MUST_BE_NULL)('$kind: "$question" → null', async ({ question }) => {
    const data = await ask(question);
    expect(data.answer, JSON.stringify(data)).toBeNull();
    expect(data.reason, JSON.stringify(data)).not.toBeNull();
  });
});

// The questions the issue quotes, as real people ask them: each is answered on its topic, or
// (the ones the rules cannot answer) null; /route and /answer read them the same way.
const FAQ: readonly { question: string; intent: string; topic: string | null }[] = [
  { question: 'What is a Schengen visa?', intent: 'visa_types', topic: 'visa_types' },
  { question: 'Who needs a Schengen visa?', intent: 'visa_requirement', topic: 'visa_requirement' },
  { question: 'How do I apply?', intent: 'application_procedure', topic: 'application_procedure' },
  { question: 'Can I enter multiple Schengen countries with one visa?', intent: 'visa_validity', topic: 'visa_validity' },
  { question: 'typical turnaround timelines', intent: 'processing_time', topic: 'processing_time' },
  { question: 'does us passport need visa for europe', intent: 'visa_requirement', topic: 'visa_requirement' },
  { question: 'ess machine', intent: 'ees', topic: 'ees' },
  { question: 'Is Ireland in Schengen?', intent: 'country_list', topic: 'membership' },
  { question: 'What happens if I go over my 90 days?', intent: 'overstay', topic: 'overstay' },
  { question: 'What is the phone number of the Italian consulate in Lagos?', intent: 'country_information', topic: null },
  { question: 'How many Schengen visas did Germany issue in 2023?', intent: 'out_of_scope', topic: null },
  { question: 'Can I appeal an ETIAS denial?', intent: 'refusal_appeal', topic: null },
  // Whether a passport is accepted is what the passport rule states (asks.json: personal_case answered_by).
  { question: 'will they let me into greece if my passport is more than 10 years old but not expired?', intent: 'passport_validity', topic: 'passport' },
  { question: 'will they reject my application if my hotel booking is cancelled', intent: 'document_requirements', topic: null },
];

describe('the questions of the issue, as people ask them', () => {
  it.each(FAQ)('"$question" → $intent, answered on $topic', async ({ question, intent, topic }) => {
    const data = await ask(question);
    const route = routeQuestion(rules.language, rules.capabilities, question);
    expect(data.intent, JSON.stringify(data)).toBe(intent);
    expect(route.intent).toBe(data.intent);
    expect(route.parameters.country).toBe(data.country);
    if (topic === null) {
      expect(data.answer, JSON.stringify(data)).toBeNull();
    } else {
      expect(data.answer, JSON.stringify(data)).not.toBeNull();
      expect(data.topics.filter((t) => !data.unanswered.some((u) => u.topic === t))).toContain(topic);
    }
  });

  it('never reads "an extended amount of time" as a visa extension, nor "been granted" alone as a status question', () => {
    expect(classifyQuestion(rules.language, 'I stayed an extended amount of time in Italy, is that a problem?').intent).not.toBe('visa_extension');
    expect(classifyQuestion(rules.language, 'my visa has been granted, can I travel to Italy first?').intent).not.toBe('visa_status');
    expect(classifyQuestion(rules.language, 'how long can i stay in schengen').intent).toBe('stay_duration');
  });
});
