import { findDurations } from './extract-days.js';
import type { LanguageTables } from './language-tables.js';

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
 * The main destination by length of stay (Visa Code Art. 5(1)(b)): when the question names
 * several states with a stay for every one, the state of the single longest stay; null when a
 * state has no stay or two longest stays are equal. Pure.
 */
export function longestStay(places: PlacesNamed): string | null {
  if (!staysForEveryState(places)) return null;
  const [longest, second] = [...places.stays].sort((a, b) => b[1] - a[1]);
  return longest && second && longest[1] > second[1] ? longest[0] : null;
}

/** Whether the question names several states and gives a stay for every one of them. */
export function staysForEveryState(places: PlacesNamed): boolean {
  return places.states.length >= 2 && places.states.every((state) => places.stays.has(state));
}
