import type { Knowledge } from '../knowledge/knowledge.js';
import { findDurations } from '../language/extract-days.js';
import type { LanguageTables } from '../language/language-tables.js';
import type { UsedFact } from './answer-part.js';

/** How many words may stand between a state and the stay it is paired with ("Rome for 5 days"). */
const MAX_GAP_WORDS = 4;

/** The Schengen states a question names, in order, and the stay it gives for each (when it does). */
export interface PlacesNamed {
  states: readonly string[];
  stays: ReadonlyMap<string, number>;
}

/**
 * The distinct Schengen states the question names, and the number of days it gives for each:
 * each duration is paired with the nearest state in the direction the question writes them,
 * "Rome for 5 days and Paris for 8 days" (state, then stay) or "5 days in Italy and 8 days in
 * France" (stay, then state), within MAX_GAP_WORDS words. Pure.
 */
export function placesNamed(language: LanguageTables, words: readonly string[]): PlacesNamed {
  const mentions: { code: string; start: number; end: number }[] = [];
  for (const match of language.countryTerms.findAll(words)) {
    const term = match.values.find((candidate) => candidate.scope === 'schengen' && !candidate.plural);
    if (term) mentions.push({ code: term.code, start: match.start, end: match.end });
  }
  const states = [...new Set(mentions.map((mention) => mention.code))];
  const stays = new Map<string, number>();
  const durations = findDurations(language, words);
  const [firstMention] = mentions;
  const [firstDuration] = durations;
  if (states.length < 2 || !firstMention || !firstDuration) return { states, stays };
  const stayFirst = firstDuration.start < firstMention.start;
  for (const duration of durations) {
    const partner = stayFirst
      ? mentions.find((mention) => mention.start >= duration.end && mention.start - duration.end <= MAX_GAP_WORDS)
      : mentions.findLast((mention) => mention.end <= duration.start && duration.start - mention.end <= MAX_GAP_WORDS);
    if (partner) stays.set(partner.code, (stays.get(partner.code) ?? 0) + duration.days);
  }
  return { states, stays };
}

/**
 * Visa Code Art. 5(1)(b) applied to the stays the question gives: when it names several states
 * with a stay for every one, the state of the longest stay is the main destination (a fact
 * computed from the rule fact `where_to_apply.main_destination` and the question, grounded on
 * the rule's sources); with two longest stays of equal length, none follows from the length of
 * stay. Null when the question does not give a stay for every state it names.
 */
export function mainDestinationByStay(knowledge: Knowledge, places: PlacesNamed): { fact: UsedFact; sentence: string } | null {
  const rule = knowledge.generalFacts('where_to_apply').find((fact) => fact.id === 'where_to_apply.main_destination');
  if (!rule || rule.value === null || rule.sources.length === 0) return null;
  if (places.states.length < 2 || places.states.some((state) => !places.stays.has(state))) return null;
  const ranked = [...places.stays].sort((a, b) => b[1] - a[1]);
  const [longest, second] = ranked;
  if (!longest || !second) return null;
  const main = longest[1] > second[1] ? longest[0] : null;
  const name = (iso: string) => knowledge.country(iso).name;
  const listed = ranked.map(([iso, days]) => `${name(iso)} ${days} days`).join(', ');
  const fact: UsedFact = {
    id: 'where_to_apply.main_destination_by_stay',
    value: { stays: Object.fromEntries(ranked), main_destination: main, rule: rule.id },
    sources: rule.sources,
    lastVerifiedAt: rule.last_verified_at,
  };
  const sentence =
    main === null
      ? `By the stays you give (${listed}), no state is the main destination by length of stay.`
      : `By the stays you give (${listed}), the main destination by length of stay is ${name(main)}: apply to ${name(main)}.`;
  return { fact, sentence };
}
