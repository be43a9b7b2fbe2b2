import type { Evidence } from './evidence.js';
import type { LanguageTables } from './language-tables.js';
import { ageAt } from './extract-profile.js';

const DIGITS = /^\d{1,4}$/;

/**
 * The length of stay in days: the first duration of the question that is not a point in time
 * or a rule ("10 days", "two weeks" = 14, "a month" = 30, "a fortnight" = 14, "twenty five
 * days"; not "in 2 months", "3 weeks ago", "the 90 day rule", nor an age: "ma fille de 9
 * ans"). A range ("10-15 days") gives its upper bound. Returns null when no duration is
 * stated. Pure.
 */
export function extractDays(tables: LanguageTables, words: readonly string[]): { days: number | null; evidence: Evidence[] } {
  const [first] = findDurations(tables, words);
  if (!first) return { days: null, evidence: [] };
  return { days: first.days, evidence: [{ field: 'days', value: first.days, matched: first.matched, rule: first.rule }] };
}

/** A duration found in the question, with the words [start, end) it spans. */
export interface Duration {
  days: number;
  start: number;
  end: number;
  matched: string;
  rule: string;
}

/**
 * Every duration of the question, in order, by the rules of `extractDays` ("Rome for 5 days and
 * Paris for 8 days" gives two). Pure.
 */
export function findDurations(tables: LanguageTables, words: readonly string[]): Duration[] {
  const durations: Duration[] = [];
  const found = (days: number, start: number, end: number, rule: string) =>
    durations.push({ days, start, end, matched: words.slice(start, end).join(' '), rule });
  for (let i = 0; i < words.length; i++) {
    const phrase = tables.durationPhrases.matchAt(words, i);
    if (phrase && !ignored(tables, words, phrase.start, phrase.end)) {
      found(phrase.values[0] ?? 0, phrase.start, phrase.end, 'duration phrase');
      i = phrase.end - 1;
      continue;
    }
    const number = readNumber(tables, words, i);
    if (!number) continue;
    // "ma fille de 9 ans", "mi hija de 9 años": an age, not a stay.
    if (ageAt(tables, words, i)) {
      i = number.end - 1;
      continue;
    }
    const unit = words[number.end];
    const perUnit = unit === undefined ? undefined : tables.durationUnits.get(unit);
    const ofUnit = unit === 'of' ? tables.durationUnits.get(words[number.end + 1] ?? '') : undefined;
    const unitDays = perUnit ?? ofUnit;
    if (unitDays === undefined) {
      i = number.end - 1;
      continue;
    }
    const unitEnd = number.end + (perUnit === undefined ? 2 : 1);
    const rangeStart = rangeStartBefore(tables, words, i);
    if (!ignored(tables, words, rangeStart, unitEnd)) found(Math.round(number.value * unitDays), rangeStart, unitEnd, rangeStart < i ? 'range, upper bound' : 'number and unit');
    i = unitEnd - 1;
  }
  return durations;
}

/** A number at `i`: digits, or number words ("twenty five", "a couple of"). */
function readNumber(tables: LanguageTables, words: readonly string[], i: number): { value: number; end: number } | null {
  const word = words[i] ?? '';
  if (DIGITS.test(word)) return { value: Number(word), end: i + 1 };
  const match = tables.numberWords.matchAt(words, i);
  if (!match) return null;
  let value = match.values[0] ?? 0;
  let end = match.end;
  const next = end < words.length ? tables.numberWords.matchAt(words, end) : null;
  const ones = next?.values[0];
  if (value >= 20 && value % 10 === 0 && ones !== undefined && ones < 10 && words[end] !== 'a' && words[end] !== 'an') {
    value += ones;
    end = next?.end ?? end;
  }
  return { value, end };
}

/** "10 15 days", "10 to 15 days", "between 10 and 15 days": where the range starts. */
function rangeStartBefore(tables: LanguageTables, words: readonly string[], i: number): number {
  const isNumber = (k: number) => k >= 0 && (DIGITS.test(words[k] ?? '') || (tables.numberWords.matchAt(words, k)?.end ?? -1) === k + 1);
  if (isNumber(i - 1)) return i - 1;
  if (['to', 'or', 'and'].includes(words[i - 1] ?? '') && isNumber(i - 2)) return i - 2;
  return i;
}

function ignored(tables: LanguageTables, words: readonly string[], start: number, end: number): boolean {
  return tables.durationIgnoreBefore.endsAt(words, start) !== null || tables.durationIgnoreAfter.matchAt(words, end) !== null;
}
