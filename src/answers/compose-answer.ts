import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import { isApiError } from '../errors/api-error.js';
import type { Grounded } from '../http/envelope.js';
import { inferFactKind } from '../knowledge/fact-values.js';
import { oldestVerificationDate } from '../knowledge/fact.js';
import type { Knowledge } from '../knowledge/knowledge.js';
import { isGeneralTopic, type GeneralTopic, type Topic, type TravelPurpose } from '../knowledge/topics.js';
import { classifyQuestion, type Classification } from '../language/classify-question.js';
import { INTENT_TOPICS, type Intent, type LanguageTables } from '../language/language-tables.js';
import { tokenizeText } from '../language/tokenize-question.js';
import { isAnswered, type AnswerPart, type UsedFact } from './answer-part.js';
import type { AnswerReason } from './answer-reason.js';
import { AnswerFactSchema, type AnswerBody, type AnswerData, type AnswerFact, type AnswerTopic, type UnansweredTopic } from './answer-schemas.js';
import { answerCountryInformation, answerCountryList, answerDocuments, answerFinancialMeans, answerMembershipOf, answerSourceLookup, answerVisaRequirement } from './country-parts.js';
import { answerGeneralTopic } from './general-part.js';
import { mainDestinationByStay, placesNamed, type PlacesNamed } from './main-destination.js';

/** What the composer reads: one rules snapshot (knowledge, language tables, capability registry). */
export interface AnswerContext {
  knowledge: Knowledge;
  language: LanguageTables;
  capabilities: CapabilityRegistry;
}

/** What a topic composer gets: the question as understood (hints applied) and the snapshot. */
export interface PartInput {
  knowledge: Knowledge;
  /** The question's normalised words joined by one space, padded with spaces for phrase tests. */
  text: string;
  country: string | null;
  travelPurpose: TravelPurpose | null;
  days: number | null;
  nationality: string | null;
  /** The distinct Schengen states the question names (a sole destination, or several), with the stay it gives for each. */
  places: PlacesNamed;
  /** For a source question, the topic it asks about ("the source of the fee rule" → fees), or null. */
  subjectTopic: Topic | null;
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

/** The topic name `topics` and `unanswered` report for an intent (`financial_requirements` → `financial_means`). */
export function topicOfIntent(intent: Intent): AnswerTopic {
  return INTENT_TOPICS[intent] ?? (intent === 'source_lookup' ? 'sources' : intent);
}

/** A second intent is answered too when the question gives it at least a strong cue (weight 3). */
const SECOND_INTENT_MIN_SCORE = 3;

/**
 * An `unknown` from the classifier is still answered when it is unknown only because several
 * answerable intents compete, each with at least a strong cue (weight 3): "visa fee, when to
 * apply and how many days can I stay?" asks three things, and each gets its facts.
 */
const COMPETING_INTENT_MIN_SCORE = 3;

/**
 * "Is Cyprus part of Schengen?": the classifier calls a question about a non-member out of scope,
 * but when its best candidate is the membership question (country_list) with at least a strong
 * cue, the membership rules answer it.
 */
const MEMBERSHIP_MIN_SCORE = 3;

/** When several topics have nothing to say, the most useful reason to report comes first. */
const REASON_PRIORITY: readonly AnswerReason[] = ['missing_country', 'missing_nationality', 'value_not_verified', 'no_matching_rule'];

/**
 * Answers a question from the rules only. It understands the question exactly as
 * `POST /classify` does (same classifier, same tables), lets the body's hints override what it
 * understood, picks the topics asked (the intent, plus any second intent with a strong cue),
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
  const classification = classifyQuestion(language, body.question);
  const hintCountry = body.country ? canonicalCountry(knowledge, body.country) : null;
  const understood = {
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

  const nonMember = hintCountry ? (hintCountry.member ? null : hintCountry.code) : classification.non_schengen_destination;
  if (nonMember && isMembershipQuestion(classification)) {
    // "Is Cyprus part of Schengen?" is answered from the membership rules, not refused as a destination.
    // Anything else it asks about that state ("… and how much money do I need?") is named as
    // unanswered: the state is not a Schengen state.
    understood.intent = 'country_list';
    const membershipRoute = language.routes.get('country_list');
    if (membershipRoute && !context.capabilities.isActive(membershipRoute.capability)) return none('capability_not_available', membershipRoute.capability);
    const others = askedIntents(classification).filter((intent) => intent !== 'country_list' && isSecondary(intent));
    understood.topics = ['country_list' as const, ...others].map(topicOfIntent);
    const [membershipTopic = 'membership', ...otherTopics] = understood.topics;
    const outside = otherTopics.map((topic): UnansweredTopic => ({ topic, reason: 'not_schengen_state' }));
    const part = answerMembershipOf(knowledge, nonMember, language.countries.get(nonMember)?.name ?? null);
    if (!isAnswered(part)) return none(part.reason, null, [{ topic: membershipTopic, reason: part.reason }, ...outside]);
    return grounded(knowledge, understood, [part], outside);
  }
  if (hintCountry && !hintCountry.member) return none('not_schengen_state');
  if (!hintCountry && classification.destination_status === 'not_schengen') return none('not_schengen_state');
  const competing = competingIntents(classification);
  if (competing.length > 0) understood.intent = competing[0] as Intent;
  else if (classification.intent === 'unknown') return none('low_confidence');
  if (classification.intent === 'out_of_scope') return none('out_of_scope');
  const route = language.routes.get(classification.intent);
  if (route && !context.capabilities.isActive(route.capability)) return none('capability_not_available', route.capability);

  const intents = competing.length > 0 ? competing : askedIntents(classification);
  understood.topics = intents.map(topicOfIntent);
  const words = tokenizeText(body.question).map((t) => t.word);
  const input: PartInput = {
    knowledge,
    text: ` ${words.join(' ')} `,
    country: understood.country,
    travelPurpose: understood.travel_purpose,
    days: understood.days,
    nationality: understood.nationality,
    places: hintCountry ? { states: [hintCountry.code], stays: new Map() } : placesNamed(language, words),
    subjectTopic: subjectTopic(classification),
  };
  const parts: AnswerPart[] = [];
  for (const intent of intents) parts.push(await answerIntent(intent, input));

  // Every topic without an answer is named with its reason: a part is never dropped silently.
  const unanswered: UnansweredTopic[] = [];
  parts.forEach((part, index) => {
    if (!isAnswered(part)) unanswered.push({ topic: understood.topics[index] ?? 'unknown', reason: part.reason });
  });

  // The main intent decides: a second topic never stands in for a main question no rule answers.
  // Only competing intents (several asked, none main) are answered as far as the rules go.
  const [main] = parts;
  if (competing.length === 0 && main && !isAnswered(main)) return none(main.reason, null, unanswered);
  const answered = parts.filter(isAnswered);
  if (answered.length === 0) {
    const reasons = unanswered.map((entry) => entry.reason);
    return none(REASON_PRIORITY.find((reason) => reasons.includes(reason)) ?? reasons[0] ?? 'no_matching_rule', null, unanswered);
  }
  // Competing intents have no main one: the best intent that has an answer is reported, so the
  // reported intent is never a topic listed as unanswered.
  if (competing.length > 0) understood.intent = intents[parts.findIndex(isAnswered)] ?? understood.intent;
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

/** A membership question: the best candidate is country_list, with at least a strong cue. */
function isMembershipQuestion(classification: Classification): boolean {
  const [best] = classification.candidates;
  return best !== undefined && best.intent === 'country_list' && best.score >= MEMBERSHIP_MIN_SCORE;
}

/** Intents that may be answered next to the main one, in one answer. */
function isSecondary(intent: Intent): boolean {
  return GENERAL_INTENTS[intent] !== undefined || intent === 'document_requirements' || intent === 'financial_requirements' || intent === 'visa_requirement';
}

/** The intent, then the other answerable intents the question gives a cue for. */
function askedIntents(classification: Classification): Intent[] {
  const intents: Intent[] = [classification.intent];
  for (const candidate of classification.candidates) {
    if (!intents.includes(candidate.intent) && candidate.score >= SECOND_INTENT_MIN_SCORE && isSecondary(candidate.intent)) intents.push(candidate.intent);
  }
  return intents;
}

/** For an `unknown` with two or more answerable candidates, each strongly cued: those intents, best first. */
function competingIntents(classification: Classification): Intent[] {
  if (classification.intent !== 'unknown' || classification.destination_status === 'not_schengen') return [];
  const strong = classification.candidates.filter((c) => c.score >= COMPETING_INTENT_MIN_SCORE && isSecondary(c.intent)).map((c) => c.intent);
  return strong.length >= 2 ? strong : [];
}

/** The topic of the other intents a question mentions (the subject of a source question), or null. */
function subjectTopic(classification: Classification): Topic | null {
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
  if (intent === 'where_to_apply' && input.country && input.places.states.length <= 1) {
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
