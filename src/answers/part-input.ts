import type { Knowledge } from '../knowledge/knowledge.js';
import type { Topic, TravelPurpose } from '../knowledge/topics.js';
import type { FactCues } from '../language/fact-cues.js';
import type { PlacesNamed } from '../language/places-named.js';

/**
 * What a topic composer gets: the question as understood (hints applied) and the snapshot. Its
 * own file so that the composer (compose-answer.ts) and the topic parts (country-parts.ts,
 * general-part.ts) all import it without importing one another.
 */
export interface PartInput {
  knowledge: Knowledge;
  /** The question's normalised words joined by one space, padded with spaces for phrase tests. */
  text: string;
  /** The question's words as its language's tables reduce them, joined and padded like `text`: what `factCues` are tested on. */
  cueText: string;
  /** Which fact of a general topic the question asks for, in its language (fact-cues.json, `fact_cues`). */
  factCues: FactCues;
  country: string | null;
  travelPurpose: TravelPurpose | null;
  days: number | null;
  nationality: string | null;
  /** The distinct Schengen states the question names (a sole destination, or several), with the stay it gives for each. */
  places: PlacesNamed;
  /** Whether the applicant lives in, or holds a permit or visa of, a state outside the area ("I live in Dubai on a work visa"). */
  homeOutside: boolean;
  /** Every age the question states, in order (the reading's `ages`): what the fee brackets by age are read against. */
  ages: readonly number[];
  /** Whether the question says the traveller needs no visa (the reading's `visaFree`). */
  visaFree: boolean;
  /** For a source question, the topic it asks about ("the source of the fee rule" → fees), or null. */
  subjectTopic: Topic | null;
}
