import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import { isApiError } from '../errors/api-error.js';
import type { Grounded } from '../http/envelope.js';
import { inferFactKind } from '../knowledge/fact-values.js';
import { oldestVerificationDate } from '../knowledge/fact.js';
import type { Knowledge } from '../knowledge/knowledge.js';
import { isGeneralTopic, type GeneralTopic, type Topic } from '../knowledge/topics.js';
import { isAnsweredTogether, readQuestion, type QuestionReading } from '../language/classify-question.js';
import { INTENT_TOPICS, type Intent, type LanguageTables } from '../language/language-tables.js';
import { isAnswered, type AnswerPart, type UsedFact } from './answer-part.js';
import type { AnswerReason } from './answer-reason.js';
import { AnswerFactSchema, type AnswerBody, type AnswerData, type AnswerFact, type AnswerTopic, type UnansweredTopic } from './answer-schemas.js';
import { answerCountryInformation, answerCountryList, answerDocuments, answerFinancialMeans, answerMembershipOf, answerSourceLookup, answerVisaRequirement } from './country-parts.js';
import { answerGeneralTopic, asksForSpecificFact } from './general-part.js';
import type { PartInput } from './part-input.js';
import { mainDestinationByStay } from './main-destination.js';
import { topicOfIntent } from './topic-of-intent.js';
import { answersTheForm, answersWhatIsAsked, asksYesOrNo, coversTheQuestion, isVisaExempt } from './what-is-asked.js';

/** What the composer reads: one rules snapshot (knowledge, language tables, capability registry). */
export interface AnswerContext {
  knowledge: Knowledge;
  language: LanguageTables;
  capabilities: CapabilityRegistry;
}

/** Intents whose answer is another operation's data (or the visa list), and their composers. */
const COUNTRY_INTENTS: Readonly<Partial<Record<Intent, (input: PartInput) => AnswerPart | Promise<AnswerPart>>>> = {
  document_requirements: answerDocuments,
  financial_requirements: answerFinancialMeans,
  country_information: answerCountryInformation,
  country_list: answerCountryList,
  source_lookup: answerSourceLookup,
  visa_requirement: answerVisaRequirement,
};

/** Intents answered from a general rules file (`rules/general/<topic>.json`), and the file's topic. */
const GENERAL_INTENTS: Readonly<Partial<Record<Intent, GeneralTopic>>> = Object.fromEntries(
  Object.entries(INTENT_TOPICS).filter(([intent, topic]) => isGeneralTopic(topic) && !(intent in COUNTRY_INTENTS)),
);

/** When several topics have nothing to say, the most useful reason to report comes first. */
const REASON_PRIORITY: readonly AnswerReason[] = ['missing_country', 'missing_nationality', 'value_not_verified', 'no_matching_rule'];

/**
 * Answers a question from the rules only. It reads the question once, exactly as
 * `POST /classify` and `POST /route` do (readQuestion: same intent, country, places and stays),
 * never scans it again, lets the body's hints override what it understood, picks the topics asked (the intent, plus any second intent with a strong cue),
 * takes their facts from the knowledge layer and renders `text` from those facts alone.
 * `meta.sources` is the union of the facts' sources and `last_verified_at` the oldest fact date.
 * No rule, or a null value, gives `answer: null` with a reason from the documented list, empty
 * sources and a null date; it never guesses. Every topic asked that has no answer of its own is
 * named in `unanswered` with its reason, so no part of a question is dropped silently; the main
 * intent still decides whether there is an answer at all. Never throws for any question string;
 * a knowledge invariant broken at runtime (a fact citing an unregistered source) does throw, as a 500.
 */
export async function composeAnswer(body: AnswerBody, context: AnswerContext): Promise<Grounded<AnswerData>> {
  const { knowledge, language } = context;
  const reading: QuestionReading = readQuestion(language, body.question, body.language);
  const { classification } = reading;
  const hintCountry = body.country ? canonicalCountry(knowledge, body.country) : null;
  const understood = {
    language: classification.language,
    intent: classification.intent,
    topics: [] as AnswerTopic[],
    country: hintCountry?.code ?? classification.country,
    travel_purpose: body.travel_purpose ?? classification.travel_purpose,
    days: body.days ?? classification.days,
    nationality: classification.profile.nationality,
    confidence: classification.confidence,
  };
  const none = (reason: AnswerReason, capability: string | null = null, unanswered: UnansweredTopic[] = []): Grounded<AnswerData> => ({
    data: { answer: null, reason, capability, ...understood, unanswered },
    sources: [],
    lastVerifiedAt: null,
  });

  // A question in a language we do not read is declined before any hint is applied: what it asks is unknown.
  if (!reading.language.supported) return none('unsupported_language');
  const nonMember = hintCountry ? (hintCountry.member ? null : hintCountry.code) : classification.non_schengen_destination;
  if (nonMember && classification.intent === 'country_list') {
    // "Is Cyprus part of Schengen?" is answered from the membership rules, not refused as a destination.
    // Anything else it asks about that state ("… and how much money do I need?") is named as
    // unanswered: the state is not a Schengen state.
    const membershipRoute = language.routes.get('country_list');
    if (membershipRoute && !context.capabilities.isActive(membershipRoute.capability)) return none('capability_not_available', membershipRoute.capability);
    understood.topics = reading.asked.map(topicOfIntent);
    const [membershipTopic = 'membership', ...otherTopics] = understood.topics;
    const outside = otherTopics.map((topic): UnansweredTopic => ({ topic, reason: 'not_schengen_state' }));
    // Membership is all it asks when no other intent scored and every kind asked is one the
    // membership rules are declared to answer (asks.json: "why is the UK not in Schengen?").
    const onlyMembership =
      reading.asks.every((kind) => language.answeredBy.get(kind)?.has('membership') === true) && classification.candidates.every((candidate) => candidate.intent === 'country_list');
    const part = answerMembershipOf(knowledge, nonMember, language.countries.get(nonMember)?.name ?? null, onlyMembership);
    if (!isAnswered(part)) return none(part.reason, null, [{ topic: membershipTopic, reason: part.reason }, ...outside]);
    return grounded(knowledge, understood, [part], outside);
  }
  if (hintCountry && !hintCountry.member) return none('not_schengen_state');
  if (!hintCountry && classification.destination_status === 'not_schengen') return none('not_schengen_state');
  // "Can I use my Cyprus visa to visit Greece?": the validity rules are those of a Schengen visa;
  // a visa issued by a non-member is no Schengen visa, and they say nothing of it.
  // "Can I extend my UK visitor visa?": nor do the extension rules.
  if ((classification.intent === 'visa_validity' || classification.intent === 'visa_extension') && reading.visaHeldOutside) return none('not_schengen_state');
  if (classification.intent === 'unknown') return none('low_confidence');
  if (classification.intent === 'out_of_scope') return none('out_of_scope');
  const route = language.routes.get(classification.intent);
  if (route && !context.capabilities.isActive(route.capability)) return none('capability_not_available', route.capability);

  const intents = reading.competing ? reading.asked.filter(isAnsweredTogether) : [...reading.asked];
  // "How long can an American stay?": for a visa-exempt (Annex II) national, the rules on
  // visa-free travel answer next to the 90/180 rule.
  if (understood.nationality && intents.includes('stay_duration') && !intents.includes('visa_free_travel') && isVisaExempt(knowledge, understood.nationality)) {
    intents.push('visa_free_travel');
  }
  // "I'm Nigerian with a UK BRP, do I need a Schengen visa?": the nationality decides, and the
  // rules for permit holders say what the permit held does (a UK permit does not replace the visa).
  if (reading.permitHeld && intents.includes('visa_requirement') && !intents.includes('residence_permit_holders')) intents.push('residence_permit_holders');
  understood.topics = intents.map(topicOfIntent);
  const input: PartInput = {
    knowledge,
    text: reading.text,
    cueText: reading.cueText,
    factCues: reading.factCues,
    country: understood.country,
    travelPurpose: understood.travel_purpose,
    days: understood.days,
    nationality: understood.nationality,
    places: hintCountry ? { states: [hintCountry.code], stays: new Map() } : reading.places,
    subjectTopic: subjectTopic(reading),
    homeOutside: reading.homeOutside !== null,
    ages: reading.ages,
    visaFree: reading.visaFree,
  };
  const parts: AnswerPart[] = [];
  for (const intent of intents) parts.push(answersWhatIsAsked(language, reading.asks, topicOfIntent(intent), await answerIntent(intent, input), input));
  // "Did the border guard make a mistake?", "with a German visa do I have to…?": the authority
  // and its pages say who decides and where to read, never yes or no.
  if (classification.intent === 'country_information' && parts[0] && isAnswered(parts[0]) && asksYesOrNo(reading)) parts[0] = { reason: 'no_matching_rule' };
  // "What documents do you need to extend a Schengen visa in Rome?": the documents the rules list
  // are those of a visa application; they never stand for what an extension asks.
  if (intents[0] === 'visa_extension') parts.forEach((part, index) => {
    if (index > 0 && understood.topics[index] === 'documents' && isAnswered(part)) parts[index] = { reason: 'no_matching_rule' };
  });
  // "How much…?" is answered only if some part states an amount; then the other topics asked
  // ("what documents do I need and how much is the fee?") stand next to it. Else none stands in.
  // "Can I apply for ETIAS by phone?": a yes/no question is answered only when the facts given
  // name what it asks about, never by a topic's default facts that say nothing of it.
  if (!answersTheForm(language, reading.asks, parts, understood.topics) || !coversTheQuestion(language, reading, parts, understood.topics)) {
    parts.forEach((part, index) => {
      if (isAnswered(part)) parts[index] = { reason: 'no_matching_rule' };
    });
  }

  // Every topic without an answer is named with its reason: a part is never dropped silently.
  const unanswered: UnansweredTopic[] = [];
  parts.forEach((part, index) => {
    if (!isAnswered(part)) unanswered.push({ topic: understood.topics[index] ?? 'unknown', reason: part.reason });
  });

  // The main intent decides: a second topic never stands in for a main question no rule answers.
  // Only competing intents (several asked, none main) are answered as far as the rules go.
  const [main] = parts;
  if (!reading.competing && main && !isAnswered(main)) return none(main.reason, null, unanswered);
  const answered = parts.filter(isAnswered);
  if (answered.length === 0) {
    const reasons = unanswered.map((entry) => entry.reason);
    return none(REASON_PRIORITY.find((reason) => reasons.includes(reason)) ?? reasons[0] ?? 'no_matching_rule', null, unanswered);
  }
  return grounded(knowledge, understood, answered, unanswered);
}

/** The answer of the parts that have one: their facts (once each), text, sources and oldest date. */
function grounded(
  knowledge: Knowledge,
  understood: Omit<AnswerData, 'answer' | 'reason' | 'capability' | 'unanswered'>,
  answered: readonly { facts: UsedFact[]; sentences: string[] }[],
  unanswered: UnansweredTopic[],
): Grounded<AnswerData> {
  const facts = mergeFacts(answered.flatMap((part) => part.facts));
  const text = answered.flatMap((part) => part.sentences).join(' ');
  const sourceIds = new Set(facts.flatMap((fact) => fact.sources));
  return {
    data: {
      answer: { text, facts: facts.map(answerFactOf) },
      reason: null,
      capability: null,
      ...understood,
      unanswered,
    },
    sources: knowledge.resolveSources(sourceIds),
    lastVerifiedAt: oldestVerificationDate(facts.map((fact) => fact.lastVerifiedAt)),
  };
}

/** The topic of the other intents a question mentions (the subject of a source question), or null. */
function subjectTopic({ classification }: QuestionReading): Topic | null {
  for (const evidence of classification.evidence) {
    if (evidence.field !== 'intent' || evidence.value === classification.intent) continue;
    const topic = typeof evidence.value === 'string' ? INTENT_TOPICS[evidence.value as Intent] : undefined;
    if (topic) return topic;
    const subject = INTENT_TOPICS[evidence.matched as Intent];
    if (subject) return subject;
  }
  return null;
}

/** The distinct Schengen states a question names, in order (from the language tables' country terms). */
async function answerIntent(intent: Intent, input: PartInput): Promise<AnswerPart> {
  // "Where do I apply for a Belgian visa?" names one state: its authority and visa pages answer
  // it. With several states (or none) the Visa Code rule on the competent state does.
  // Unless it asks for a rule of its own: "Portugal has no consulate here, where do I apply?" is
  // the representation rule, whatever Portugal's authority is.
  if (intent === 'where_to_apply' && input.country && input.places.states.length <= 1 && !asksForSpecificFact('where_to_apply', input)) {
    const local = answerCountryInformation(input);
    if ('facts' in local) return local;
  }
  // Several states with a stay for each: the Visa Code rule, then what it says for these stays.
  if (intent === 'where_to_apply') {
    const rule = answerGeneralTopic('where_to_apply', input);
    const applied = mainDestinationByStay(input.knowledge, input.places);
    if (!isAnswered(rule) || !applied) return rule;
    return { facts: [...rule.facts, applied.fact], sentences: [...rule.sentences, applied.sentence] };
  }
  // "How do I apply for a Finnish visa?": the Visa Code procedure is the same in every state;
  // the named state adds its authority, its official visa pages and its application channels.
  if (intent === 'application_procedure' && input.country) {
    const rule = answerGeneralTopic('application_procedure', input);
    const local = answerCountryInformation(input);
    if (!isAnswered(rule) || !isAnswered(local)) return isAnswered(rule) ? rule : local;
    return { facts: [...rule.facts, ...local.facts], sentences: [...rule.sentences, ...local.sentences] };
  }
  const topic = GENERAL_INTENTS[intent];
  if (topic) return answerGeneralTopic(topic, input);
  const composer = COUNTRY_INTENTS[intent];
  if (composer) return composer(input);
  return { reason: 'no_matching_rule' };
}

/** A fact used by two topics appears once. */
function mergeFacts(facts: readonly UsedFact[]): UsedFact[] {
  const byId = new Map<string, UsedFact>();
  for (const fact of facts) if (!byId.has(fact.id)) byId.set(fact.id, fact);
  return [...byId.values()];
}

/** A hinted code resolved by the knowledge layer: a member (canonical code) or not. */
function canonicalCountry(knowledge: Knowledge, code: string): { code: string; member: boolean } {
  try {
    return { code: knowledge.resolveCountry(code), member: true };
  } catch (error) {
    if (isApiError(error)) return { code: code.toUpperCase(), member: false };
    throw error;
  }
}

/**
 * A used fact as the answer sends it, with its kind: a rule fact's own, else the kind its value
 * has (a financial band, a source, a visa status…). Validated here so an answer never sends a
 * value that does not have the shape its kind promises in /openapi.json.
 */
function answerFactOf(fact: UsedFact): AnswerFact {
  return AnswerFactSchema.parse({
    id: fact.id,
    kind: fact.kind ?? inferFactKind(fact.id, fact.value),
    value: fact.value,
    sources: [...fact.sources],
    last_verified_at: fact.lastVerifiedAt,
  });
}
