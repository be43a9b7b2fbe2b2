import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import { isApiError } from '../errors/api-error.js';
import type { Grounded } from '../http/envelope.js';
import { inferFactKind } from '../knowledge/fact-values.js';
import { oldestVerificationDate } from '../knowledge/fact.js';
import type { Knowledge } from '../knowledge/knowledge.js';
import { isGeneralTopic, type GeneralTopic, type Topic } from '../knowledge/topics.js';
import { isAnsweredTogether, readQuestion, type QuestionReading } from '../language/classify-question.js';
import { INTENT_TOPICS, type Intent, type LanguageTables } from '../language/language-tables.js';
import { tokenizeText } from '../language/tokenize-question.js';
import { isAnswered, type AnswerPart, type UsedFact } from './answer-part.js';
import type { AnswerReason } from './answer-reason.js';
import { AnswerFactSchema, type AnswerBody, type AnswerData, type AnswerFact, type AnswerTopic, type UnansweredTopic } from './answer-schemas.js';
import { answerCountryInformation, answerCountryList, answerDocuments, answerFinancialMeans, answerMembershipOf, answerSourceLookup, answerVisaRequirement } from './country-parts.js';
import { answerGeneralTopic } from './general-part.js';
import type { PartInput } from './part-input.js';
import { mainDestinationByStay } from './main-destination.js';

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

/** The topic name `topics` and `unanswered` report for an intent (`financial_requirements` → `financial_means`). */
export function topicOfIntent(intent: Intent): AnswerTopic {
  return INTENT_TOPICS[intent] ?? (intent === 'source_lookup' ? 'sources' : intent);
}

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
  };
  const parts: AnswerPart[] = [];
  for (const intent of intents) parts.push(answersWhatIsAsked(language, reading.asks, topicOfIntent(intent), await answerIntent(intent, input), input));
  // "Did the border guard make a mistake?", "with a German visa do I have to…?": the authority
  // and its pages say who decides and where to read, never yes or no.
  if (classification.intent === 'country_information' && parts[0] && isAnswered(parts[0]) && asksYesOrNo(language, reading, body.question)) parts[0] = { reason: 'no_matching_rule' };
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

/**
 * A part answers a question that asks for a contact, a statistic, an opinion, a consequence...
 * (the asks.json kinds with `match: every`) only when the rules declare it does: its topic, one
 * of its facts or one of its facts' kinds is listed as answering every such kind asked.
 * Otherwise the rules hold nothing that answers what is asked, and a fact merely about the same
 * state or topic is not given in its place (`no_matching_rule`). The form of the question (the
 * `match: any` kinds: an amount, a duration...) is checked on the whole answer (answersTheForm).
 */
function answersWhatIsAsked(language: LanguageTables, asks: readonly string[], topic: string, part: AnswerPart, input: PartInput): AnswerPart {
  const { nationality } = input;
  if (!isAnswered(part)) return part;
  if (topic === 'airport_transit' && onlyStateListsDecide(input, part)) return { reason: 'no_matching_rule' };
  // "Do I need travel insurance to visit France as a Brit?": the insurance rule is a condition of
  // the visa (Visa Code Art. 15); for a visa-exempt (Annex II) national no rule says what to hold.
  if (topic === 'insurance' && ((nationality !== null && isVisaExempt(input.knowledge, nationality)) || / (don t|dont|do not|doesn t|does not) need (a |any )?(schengen )?visa | visa (free|exempt) /.test(input.text))) return { reason: 'no_matching_rule' };
  if (asks.length === 0) return part;
  // "Do I need a transit visa?" depends on who asks: without a nationality, no fact answers it.
  if (nationality === null && asks.some((kind) => language.needsNationality.get(kind)?.has(topic) === true)) return { reason: 'missing_nationality' };
  const answered = asks.every((kind) => language.anyKinds.has(kind) || answersKind(language, kind, topic, part));
  return answered ? part : { reason: 'no_matching_rule' };
}

/**
 * "Do Indians need a transit visa for Amsterdam?": Annex IV is the common list, and a state may
 * also require an airport transit visa of other nationals (Visa Code Art. 3(2)); the rules hold
 * no state's own list. So for a nationality not on Annex IV, asked whether a named state requires
 * one, no rule says (unless the question asks about an exemption, which holds wherever it is).
 */
function onlyStateListsDecide(input: PartInput, part: AnswerPart): boolean {
  if (!isAnswered(part) || input.nationality === null) return false;
  if (input.country === null && input.places.states.length === 0) return false;
  if (!/ (need|needs|needed|require|requires|required|requirement|mandatory|necessary|must) /.test(input.text)) return false;
  if (part.facts.some((fact) => fact.id === 'airport_transit.exemptions')) return false;
  return !isOnList(input.knowledge, 'airport_transit', 'airport_transit.annex_iv', input.nationality);
}

/**
 * Whether the question asks yes or no: a clause of it opens with one of the English yes/no forms
 * (fact-cues.json `coverage`), after any context ("my friend stayed…, did the guard make a
 * mistake?"), and no sentence opens with what, how, which, when, where, who or why.
 */
function asksYesOrNo(language: LanguageTables, reading: QuestionReading, question: string): boolean {
  const coverage = language.factCues.coverage;
  if (!coverage || reading.factCues !== language.factCues) return false;
  const clauses = question.split(/[?!.;:,\n]+/).map((clause) => ` ${tokenizeText(clause).map((token) => token.word).join(' ')} `);
  if (question.split(/[?!.;\n]+/).some((sentence) => /^ (what|how|which|when|where|who|whom|whose|why) /.test(` ${tokenizeText(sentence).map((token) => token.word).join(' ')} `))) return false;
  // "with a multiple German visa do I have to…": a yes/no clause after a leading phrase.
  const opening = /^ (with|for|as|in|on|after|before|if|when|since|while|during|having) (\w+ ){1,6}(can|could|do|does|did|is|are|was|were|will|would|should|must|may|have|has|am) (i|we|you|he|she|they|my|our|his|her|their) /;
  return clauses.some((clause) => opening.test(` ${clause.trim()} `) || coverage.forms.some((form) => form.test(clause)));
}

/**
 * Whether some answered part answers one of the forms the question asks (an amount, a
 * duration...); true when it asks none.
 */
function answersTheForm(language: LanguageTables, asks: readonly string[], parts: readonly AnswerPart[], topics: readonly string[]): boolean {
  const forms = asks.filter((kind) => language.anyKinds.has(kind));
  if (forms.length === 0) return true;
  return parts.some((part, index) => forms.some((kind) => answersKind(language, kind, topics[index] ?? '', part)));
}

/**
 * Whether the answer names what a yes/no question asks about (fact-cues.json `coverage`, read
 * with the English tables only, since the answer is written in English). Each clause of the
 * question matching a coverage form ("can I apply for ETIAS by phone or email?", after any
 * context: "I live in Manchester, can I…") is a yes/no question; each of its content words must
 * be covered by a word of the answer (its sentences, its facts' ids and cues), by what the
 * question was understood to ask for the topics answered (their intent phrases, the places,
 * nationality, purpose and stay), by a country name, by a name written with a capital inside
 * the clause, or by a generic word that asks for no fact in particular. `min_uncovered` words
 * left over ("phone", "email") are a detail no rule states: the topic's facts merely stand next
 * to it.
 */
function coversTheQuestion(language: LanguageTables, reading: QuestionReading, parts: readonly AnswerPart[], topics: readonly string[]): boolean {
  // The coverage block of the question's own language (`fact_cues.coverage` in another language's
  // file): its yes/no forms and generic words, its fact cues and its reduced words name what it asks.
  const coverage = reading.factCues.coverage;
  if (!coverage) return true;
  const foreign = reading.factCues !== language.factCues;
  const own = foreign ? [...reading.factCues.byTopic.values()] : [];
  const asked = reading.firstSentence;
  if (!coverage.forms.some((form) => form.test(` ${asked.map((token) => token.word).join(' ')} `))) return true;
  const answered = parts.filter(isAnswered);
  if (answered.length === 0) return true;
  const covered = new Set<string>();
  const cover = (phrase: string): void => {
    for (const word of phrase.toLowerCase().split(/[^a-z0-9]+/)) if (word) covered.add(wordStem(word));
  };
  for (const part of answered) {
    for (const sentence of part.sentences) cover(sentence);
    for (const fact of part.facts) {
      cover(fact.id);
      for (const cues of [...language.factCues.byTopic.values(), ...own]) for (const phrase of cues.get(fact.id) ?? []) cover(phrase);
    }
  }
  for (const evidence of reading.classification.evidence) {
    if (evidence.field === 'language' || evidence.field === 'spelling' || typeof evidence.matched !== 'string') continue;
    if (evidence.field === 'intent' && !topics.includes(topicOfIntent(evidence.value as Intent))) continue;
    cover(evidence.matched);
  }
  const { words } = reading;
  for (let start = 0; start < words.length; start += 1) {
    const country = language.countryTerms.matchAt(words, start);
    if (country) cover(words.slice(country.start, country.end).join(' '));
  }
  // A word written with a capital after the clause's first ("Manchester", "Schiphol") names a place or a person.
  const isName = (raw: string, index: number): boolean => index > 0 && /^[A-Z][a-z]/.test(raw);
  const isGeneric = (word: string): boolean => coverage.generic.has(word) || coverage.generic.has(wordStem(word));
  const isCovered = (word: string): boolean => covered.has(wordStem(word));
  const uncovered = asked.filter(({ raw, word }, index) => {
    const reduced = foreign ? reading.factCues.reduce(word) : word;
    return word.length > 2 && !/^[0-9]/.test(word) && !isName(raw, index) && !isGeneric(word) && !isGeneric(reduced) && !isCovered(word) && !isCovered(reduced);
  });
  return uncovered.length < coverage.minUncovered;
}

/** A crude English stem for comparing a question word with an answer word: no plural or verb ending, at most five letters ("expires", "expiry" → "expir"). */
function wordStem(word: string): string {
  return word.replace(/(ies|es|s|ed|ing|ly)$/, '').slice(0, 5);
}

/** Whether the rules declare that a part answers a kind: by its topic, one of its fact ids or one of its facts' kinds (asks.json). */
function answersKind(language: LanguageTables, kind: string, topic: string, part: AnswerPart): boolean {
  if (!isAnswered(part)) return false;
  const by = language.answeredBy.get(kind);
  const byKinds = language.answeredByKinds.get(kind);
  if (by === undefined) return false;
  return by.has('*') || by.has(topic) || part.facts.some((fact) => by.has(fact.id) || byKinds?.has(fact.kind ?? inferFactKind(fact.id, fact.value)) === true);
}

/** Whether a nationality is on Annex II of the EU visa list (`visa_requirement.annex_ii`). */
function isVisaExempt(knowledge: Knowledge, nationality: string): boolean {
  return isOnList(knowledge, 'visa_requirement', 'visa_requirement.annex_ii', nationality);
}

/** Whether a nationality is on a list fact of a general topic (entries with a `code`). */
function isOnList(knowledge: Knowledge, topic: GeneralTopic, factId: string, nationality: string): boolean {
  const list = knowledge.generalFacts(topic).find((fact) => fact.id === factId);
  return Array.isArray(list?.value) && list.value.some((entry) => entry !== null && typeof entry === 'object' && (entry as Record<string, unknown>).code === nationality);
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
