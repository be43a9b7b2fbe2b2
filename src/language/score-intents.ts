import type { Evidence } from './evidence.js';
import { baseForms } from './base-forms.js';
import { isForeignQuestion } from './correct-spelling.js';
import type { WordSpan } from './extract-countries.js';
import { heldCue } from './held-documents.js';
import type { IntentSignal, Intent, LanguageTables } from './language-tables.js';
import type { PhraseMatch } from './phrase-index.js';

export type ScoredIntent = Exclude<Intent, 'unknown'>;

export interface IntentScores {
  /** Score per intent, in table order; intents without a signal score 0. */
  scores: Map<ScoredIntent, number>;
  /** Word index of each scoring intent's first signal (patterns count from the start). */
  firstAt: Map<ScoredIntent, number>;
  /** For an absorbing intent: the intents it took over (its subject), highest score first. */
  subjects: Map<ScoredIntent, ScoredIntent[]>;
  /** Whether a permit the applicant holds was found (the held rule: "I have a residence permit"). */
  heldPermit: boolean;
  evidence: Evidence[];
}

/**
 * Sums, per intent, the weights of the table phrases found in the words (longest phrase first,
 * each phrase once per intent; a phrase with a condition counts only where it holds, see
 * `signalApplies`), of the patterns matching the normalised text, and of the
 * several-countries boost when `schengenStates` ≥ 2; then lets absorbing intents (source_lookup,
 * etias, ees) take over the topic they are asked about. `words` are those the signals were
 * compiled on (reduced in another language); `plainWords`, the same words as corrected, are read
 * for the country and held-permit conditions. `clauses` gives each word's clause role
 * (classify-question.ts, `clauseRoles`): the cues of background clauses count less once a clause
 * that asks has a cue of its own (see `backgroundFactor`). Pure.
 */
export function scoreIntents(
  tables: LanguageTables,
  words: readonly string[],
  text: string,
  schengenStates = 0,
  plainWords: readonly string[] = words,
  clauses: readonly ClauseRole[] | null = null,
  nationalityCueAt: WordSpan | null = null,
): IntentScores {
  const scores = new Map<ScoredIntent, number>(tables.intentOrder.map((intent) => [intent, 0]));
  const evidence: Evidence[] = [];
  const counted = new Set<string>();
  const firstAt = new Map<ScoredIntent, number>();
  const found: Cue[] = [];
  for (const match of findSignals(tables, words)) {
    for (const value of match.values) {
      const signal = signalApplies(tables, plainWords, match, value);
      if (!signal) continue;
      if (tables.notForNationality.has(signal.intent) && overlaps(match, nationalityCueAt)) {
        evidence.push({ field: 'intent', value: null, matched: words.slice(match.start, match.end).join(' '), rule: `${signal.rule} names the applicant's nationality: who asks, not what is asked (no ${signal.intent})` });
        continue;
      }
      const key = `${signal.intent} ${signal.phrase}`;
      if (counted.has(key)) continue;
      counted.add(key);
      // A permit the applicant holds is background by nature (the held rule): never weighed down.
      found.push({ intent: signal.intent, weight: signal.weight, start: match.start, end: match.end, matched: words.slice(match.start, match.end).join(' '), rule: signal.rule, held: signal.held });
    }
  }
  const literalsFound = tables.patternLiterals.scan(text);
  for (const [index, pattern] of tables.patterns.entries()) {
    if (!tables.patternLiterals.mayMatch(index, literalsFound)) continue;
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const start = wordIndexAt(text, match.index);
    found.push({ intent: pattern.intent, weight: pattern.weight, start, end: Math.max(start + 1, wordIndexAt(text, match.index + match[0].length)), matched: match[0], rule: `pattern /${pattern.source}/`, held: false, pattern: true });
  }
  const factor = backgroundFactor(tables, found, clauses);
  for (const cue of found) {
    const inBackground = factor < 1 && !cue.held && !tables.clauses?.keptIntents.has(cue.intent) && within(clauses, cue.start, cue.end, 'background');
    const weight = inBackground ? cue.weight * factor : cue.weight;
    scores.set(cue.intent, (scores.get(cue.intent) ?? 0) + weight);
    if (!firstAt.has(cue.intent)) firstAt.set(cue.intent, cue.pattern ? words.length : cue.start);
    evidence.push({ field: 'intent', value: cue.intent, matched: cue.matched, rule: inBackground ? `${cue.rule}, in a background clause (× ${factor})` : cue.rule, weight });
  }
  if (schengenStates >= 2) {
    for (const boost of tables.severalCountries) {
      const cue = Math.max(...boost.whenAnyOf.map((intent) => scores.get(intent) ?? 0));
      if (cue <= 0 || boost.unlessAnyOf.some((intent) => (scores.get(intent) ?? 0) > cue)) continue;
      scores.set(boost.intent, (scores.get(boost.intent) ?? 0) + boost.weight);
      if (!firstAt.has(boost.intent)) firstAt.set(boost.intent, words.length);
      evidence.push({ field: 'intent', value: boost.intent, matched: `${schengenStates} Schengen states`, rule: 'several Schengen states named', weight: boost.weight });
    }
  }
  const subjects = new Map<ScoredIntent, ScoredIntent[]>();
  for (const [absorber, rule] of tables.absorbs) {
    const own = scores.get(absorber) ?? 0;
    if (own < rule.minScore) continue;
    const taken = rule.intents.filter((intent) => (scores.get(intent) ?? 0) > 0).sort((a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0));
    if (taken.length > 0) subjects.set(absorber, taken);
    for (const intent of rule.intents) {
      const absorbed = scores.get(intent) ?? 0;
      if (absorbed === 0) continue;
      scores.set(absorber, (scores.get(absorber) ?? 0) + absorbed);
      scores.set(intent, 0);
      evidence.push({ field: 'intent', value: absorber, matched: intent, rule: `${intent} is the subject of the ${absorber} question`, weight: absorbed });
    }
  }
  return { scores, firstAt, subjects, heldPermit: found.some((cue) => cue.held), evidence };
}

/**
 * What a signal found in the question counts for, or null when its condition fails:
 * - `unlessHeld`: a permit the applicant already holds ("I hold a residence permit from the UK",
 *   "residence permit holders") is not what they ask for; it counts for the `held` intent instead
 *   (holding one decides whether a visa is needed), under one key however many permits are named;
 * - `beforeSchengenState`: "a Schengen visa from Poland" names the state that issued it; "a
 *   Schengen visa from New York" only where the applicant applies from.
 */
function signalApplies(
  tables: LanguageTables,
  words: readonly string[],
  match: PhraseMatch<IntentSignal>,
  signal: IntentSignal,
): { intent: ScoredIntent; weight: number; phrase: string; rule: string; held: boolean } | null {
  const rule = `signal "${signal.phrase}"`;
  if (signal.unlessHeld) {
    const held = heldCue(tables, words, match.start, match.end, 'permit');
    if (held) return { intent: tables.held.intent, weight: tables.held.weight, phrase: 'a permit held', rule: `${rule} held ("${held}"): a permit the applicant has, not one asked for`, held: true };
  }
  if (signal.beforeSchengenState && !schengenStateAt(tables, words, match.end)) return null;
  return { intent: signal.intent, weight: signal.weight, phrase: signal.phrase, rule, held: false };
}

/** Whether a Schengen state's name, demonym or city starts at `start`, after "the"/"a"... */
function schengenStateAt(tables: LanguageTables, words: readonly string[], start: number): boolean {
  let at = start;
  while (tables.cueSkip.has(words[at] ?? '')) at++;
  return tables.countryTerms.matchAt(words, at)?.values.some((term) => term.scope === 'schengen') ?? false;
}

/**
 * The signal phrases of the question, longest first; a word no phrase covers is tried again by
 * its base forms ("decides" → "decide"), as a one-word signal.
 */
function findSignals(tables: LanguageTables, words: readonly string[]): PhraseMatch<IntentSignal>[] {
  const found = tables.signals.findAll(words);
  const covered: boolean[] = new Array<boolean>(words.length).fill(false);
  for (const match of found) for (let i = match.start; i < match.end; i++) covered[i] = true;
  // A word of another language is no inflected English word ("pays" is not "pay").
  // The other languages' tables were compiled on stems: no English inflection to try.
  const foreignQuestion = tables.language !== 'en' || isForeignQuestion(tables, words);
  for (let i = 0; i < words.length; i++) {
    if (covered[i] || foreignQuestion || tables.spelling.foreign.has(words[i] ?? '')) continue;
    for (const form of baseForms(words[i] ?? '')) {
      const match = tables.signals.matchAt([form], 0);
      if (match && match.end === 1) {
        found.push({ start: i, end: i + 1, values: match.values });
        break;
      }
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** One cue found in the question, before the background clauses are weighed down. */
interface Cue {
  intent: ScoredIntent;
  weight: number;
  /** Word span of the cue (a pattern's: the words its match covers). */
  start: number;
  end: number;
  matched: string;
  rule: string;
  held: boolean;
  pattern?: boolean;
}

/** What a word's clause does in the question (classify-question.ts, `clauseRoles`). */
export type ClauseRole = 'asks' | 'background' | 'other';

/**
 * The factor for the cues of background clauses: the tables' `backgroundWeight` when a clause
 * that asks holds a cue of at least `minQuestionCue` (it names its own topic), else 1 (a question
 * whose asking clause has no cue of its own, "my visa was refused, what can I do?", is about its
 * background).
 */
function backgroundFactor(tables: LanguageTables, cues: readonly Cue[], clauses: readonly ClauseRole[] | null): number {
  const rules = tables.clauses;
  if (!rules || !clauses || !clauses.includes('background')) return 1;
  const asked = cues.some((cue) => !cue.held && cue.weight >= rules.minQuestionCue && within(clauses, cue.start, cue.end, 'asks'));
  return asked ? rules.backgroundWeight : 1;
}

/** Whether every word of the span lies in clauses of that role. */
function within(clauses: readonly ClauseRole[] | null, start: number, end: number, role: ClauseRole): boolean {
  if (!clauses || end <= start) return false;
  for (let i = start; i < end; i++) if (clauses[i] !== role) return false;
  return true;
}

/** Index of the word at character `offset` of `text` (the words joined by one space). */
function wordIndexAt(text: string, offset: number): number {
  let index = 0;
  for (let i = 0; i < offset && i < text.length; i++) if (text[i] === ' ') index++;
  return index;
}

/** Whether the words [start, end) and the span share a word. */
function overlaps(words: WordSpan, span: WordSpan | null): boolean {
  return span !== null && words.start < span.end && span.start < words.end;
}
