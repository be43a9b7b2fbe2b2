import type { LanguageTables } from './language-tables.js';

/** How far back a possession cue may stand from the document: "I hold a valid UK residence permit". */
const MAX_STEPS_BACK = 4;

/**
 * The possession cue showing that the visa or permit at words [start, end) is one the applicant
 * already holds, not one the question asks about: a `held_before` phrase ending before it ("I
 * hold a residence permit", "with my US visa", "a valid UK visa"), with articles and a country
 * name allowed between ("have a UK residence permit"), or a `held_after` word ("residence permit
 * holders"); for a permit signal (`kind` 'permit') also a `held_before_permit` phrase ("my
 * Italian residence permit"); unless an `asked_before_held` phrase ends right before the cue
 * ("renew my residence card"). Returns the cue's words, or null. Pure.
 */
export function heldCue(tables: LanguageTables, words: readonly string[], start: number, end: number, kind: 'visa or permit' | 'permit' = 'visa or permit'): string | null {
  const after = tables.heldAfter.matchAt(words, end);
  if (after) return words.slice(after.start, after.end).join(' ');
  let at = start;
  for (let step = 0; step < MAX_STEPS_BACK; step++) {
    const cue = tables.heldBefore.endsAt(words, at) ?? (kind === 'permit' ? tables.heldBeforePermit.endsAt(words, at) : null);
    // "renew my residence card", "help with a work permit": the document is the one asked for.
    if (cue) return tables.askedBeforeHeld.endsAt(words, cue.start) ? null : words.slice(cue.start, cue.end).join(' ');
    const previous = words[at - 1];
    if (previous !== undefined && tables.cueSkip.has(previous)) {
      at--;
      continue;
    }
    // Whose document it is ("a UK residence permit") does not change that it is held.
    const place = tables.countryTerms.endsAt(words, at);
    if (!place) return null;
    at = place.start;
  }
  return null;
}
