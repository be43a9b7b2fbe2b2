import type { Fact } from '../knowledge/fact.js';
import type { GeneralTopic } from '../knowledge/topics.js';
import type { AnswerPart, UsedFact } from './answer-part.js';
import type { PartInput } from './part-input.js';
import { GENERAL_TEMPLATES, type FactTemplate } from './general-templates.js';

/** Whether the padded normalised question contains a cue as a whole word or phrase. */
export function hasCue(text: string, cues: readonly string[] | undefined): boolean {
  return (cues ?? []).some((cue) => text.includes(` ${cue} `));
}

/** A knowledge fact as the answer uses it. */
export function useFact(fact: Fact): UsedFact {
  return { id: fact.id, kind: fact.kind, value: fact.value, sources: fact.sources, lastVerifiedAt: fact.last_verified_at };
}

/**
 * Whether the question asks for a fact of a general topic that its default answer leaves out (a
 * cue of a fact that is not `byDefault`): "Portugal has no consulate in Bangladesh, where do I
 * apply?" asks for the representation rule, not the competent state's authority.
 */
export function asksForSpecificFact(topic: GeneralTopic, input: PartInput): boolean {
  const cues = input.factCues.byTopic.get(topic);
  return (GENERAL_TEMPLATES[topic] ?? []).some((template) => !template.byDefault && hasCue(input.cueText, cues?.get(template.fact)));
}

/**
 * Answers one general topic (fees, insurance, 90/180, ...) from `rules/general/<topic>.json`.
 * The facts asked for specifically (a fact cue of the question's language in the question,
 * rules/language/fact-cues.json, e.g. "child" for the child fees) are answered; with no specific cue, the topic's default facts. A fact the rules publish
 * as null is left out; when every fact asked for is null the part reports
 * `value_not_verified`, and when the rules hold none of them, `no_matching_rule`.
 */
export function answerGeneralTopic(topic: GeneralTopic, input: PartInput): AnswerPart {
  const templates = GENERAL_TEMPLATES[topic] ?? [];
  // A template may quote a fact of another topic (the fee in the application steps): one fact, one place.
  const topics = new Set<GeneralTopic>([topic, ...templates.flatMap((template) => (template.topic ? [template.topic] : []))]);
  const facts = new Map([...topics].flatMap((t) => input.knowledge.generalFacts(t)).map((fact) => [fact.id, fact]));
  const cues = input.factCues.byTopic.get(topic);
  const cued = templates.filter((template) => hasCue(input.cueText, cues?.get(template.fact)) || template.askedByAges?.(input.ages) === true || (template.homeOutside === true && input.homeOutside));
  const exclusive = cued.find((template) => template.exclusive);
  if (exclusive) {
    const fact = facts.get(exclusive.fact);
    if (!fact) return { reason: 'no_matching_rule' };
    if (fact.value === null) return { reason: 'value_not_verified' };
  }
  const defaults = templates.filter((template) => template.byDefault);
  // "What is ETIAS and when does it start?" asks for the overview as well as the cued fact.
  const overview = hasCue(input.cueText, input.factCues.overview);
  const wanted: readonly FactTemplate[] = exclusive
    ? [exclusive]
    : cued.length === 0
      ? defaults
      : overview
        ? templates.filter((template) => template.byDefault || cued.includes(template))
        : cued;

  const used: UsedFact[] = [];
  const sentences: string[] = [];
  const substitutes = substitutesFor(facts.values(), input.nationality);
  const given = new Set<string>();
  let nullValues = 0;
  for (const template of wanted) {
    // For the asked nationality a fact may hold in place of this one: it is written by its own template, once.
    const substitute = substitutes.get(template.fact);
    const fact = substitute ?? facts.get(template.fact);
    const render = substitute ? templates.find((own) => own.fact === substitute.id)?.render : template.render;
    if (!fact || given.has(fact.id) || !describesAskedState(fact, input)) continue;
    given.add(fact.id);
    if (fact.value === null || fact.sources.length === 0) {
      nullValues += 1;
      continue;
    }
    if (!render) continue;
    const sentence = render(fact.value);
    if (sentence === null) continue;
    used.push(useFact(fact));
    sentences.push(sentence);
  }
  if (used.length > 0) return { facts: used, sentences };
  return { reason: nullValues > 0 ? 'value_not_verified' : 'no_matching_rule' };
}

/**
 * The facts that hold in place of others for a nationality (`for_nationalities` and `replaces`:
 * the fee of a visa facilitation agreement for an Armenian, in place of the standard fees), by
 * the id of the fact each replaces. A national asking is never given the fact replaced: while the
 * substitute is null, the answer says it is not verified.
 */
function substitutesFor(facts: Iterable<Fact>, nationality: string | null): ReadonlyMap<string, Fact> {
  const substitutes = new Map<string, Fact>();
  if (nationality === null) return substitutes;
  for (const fact of facts) {
    if (fact.for_nationalities?.includes(nationality) !== true) continue;
    for (const id of fact.replaces ?? []) substitutes.set(id, fact);
  }
  return substitutes;
}

/**
 * Whether a fact may answer a question about the states it names: a fact that is the practice of
 * some states only (its `states`: what the Danish embassy in Ghana asks of minors) is no answer
 * to a question about another state, only a neighbouring fact. A question that names no state
 * may be answered with it, as an example.
 */
function describesAskedState(fact: Fact, input: PartInput): boolean {
  if (!fact.states) return true;
  const asked = input.places.states.length > 0 ? input.places.states : input.country ? [input.country] : [];
  return asked.length === 0 || asked.some((state) => fact.states?.includes(state) === true);
}
