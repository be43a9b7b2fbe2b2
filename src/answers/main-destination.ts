import type { Knowledge } from '../knowledge/knowledge.js';
import { longestStay, staysForEveryState, type PlacesNamed } from '../language/places-named.js';
import type { UsedFact } from './answer-part.js';

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
  if (!staysForEveryState(places)) return null;
  const ranked = [...places.stays].sort((a, b) => b[1] - a[1]);
  const main = longestStay(places);
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
