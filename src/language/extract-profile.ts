import type { Evidence } from './evidence.js';
import type { Employment, LanguageTables } from './language-tables.js';

const AGE = /^\d{1,3}$/;
/** "15yo": a number and "yo" (years old) written as one word. */
const YEARS_OLD_SHORT = /^(\d{1,3})yo$/;

/** An age the question states: the number, the index of its first word, and the words that state it. */
interface StatedAge {
  age: number;
  start: number;
  matched: string;
}

/**
 * The applicant's employment, whether they are a minor, and every age the question states.
 * Employment: the first employment phrase, longest first ("self employed" before "employed").
 * Minor: the first of an age ("I am 16", "a 15-year-old", "aged 70", compared with `adult_age`)
 * or a minor/adult word ("child", "under 18", "adults"). Ages: each one stated, in order ("my 8
 * year old and me", "kids aged 5 and 9"): what the fee rules' age brackets are read against.
 * Visa free: whether a phrase says the traveller needs no visa ("we don't need a visa", profile
 * `visa_free`). Null (empty, false) when the question says nothing. Pure.
 */
export function extractProfile(
  tables: LanguageTables,
  words: readonly string[],
): { employment: Employment | null; minor: boolean | null; ages: number[]; visaFree: boolean; evidence: Evidence[] } {
  const evidence: Evidence[] = [];
  const job = tables.employment.findAll(words)[0];
  const employment = job?.values[0] ?? null;
  if (job && employment) evidence.push({ field: 'employment', value: employment, matched: words.slice(job.start, job.end).join(' '), rule: 'employment phrase' });

  const ages = findAges(tables, words);
  const [age] = ages;
  const word = tables.minor.findAll(words)[0];
  let minor: boolean | null = null;
  if (age && (!word || age.start <= word.start)) {
    minor = age.age < tables.adultAge;
    evidence.push({ field: 'minor', value: minor, matched: age.matched, rule: `age ${age.age} ${minor ? 'under' : 'at or over'} ${tables.adultAge}` });
  } else if (word) {
    minor = word.values[0] ?? null;
    evidence.push({ field: 'minor', value: minor, matched: words.slice(word.start, word.end).join(' '), rule: minor ? 'minor word' : 'adult word' });
  }
  return { employment, minor, ages: ages.map((stated) => stated.age), visaFree: tables.visaFree.findAll(words).length > 0, evidence };
}

/** Every age the words state, in order (see ageAt). */
function findAges(tables: LanguageTables, words: readonly string[]): StatedAge[] {
  const ages: StatedAge[] = [];
  for (let i = 0; i < words.length; i++) {
    const stated = ageAt(tables, words, i);
    if (stated) ages.push(stated);
  }
  return ages;
}

/**
 * The age stated by the number at `i`, or null: "i am 16", "i m 16", "im 16", "aged 70", "age 12",
 * "aged 5 and 9", "12 year old", "12 years old", "15yo", "15 yo"; and the age of a relative the
 * question names ("my daughter is 8", "my son (15)", "our kids are 10"): a relation
 * (purposes.json `relations`) right before the number or before "is", "are", "turns".
 */
export function ageAt(tables: LanguageTables, words: readonly string[], i: number): StatedAge | null {
  const word = words[i] ?? '';
  const shorthand = YEARS_OLD_SHORT.exec(word);
  if (shorthand && Number(shorthand[1]) <= 120) return { age: Number(shorthand[1]), start: i, matched: word };
  if (!AGE.test(word)) return null;
  const age = Number(word);
  if (age > 120) return null;
  const next = words[i + 1];
  if ((next === 'year' || next === 'years' || next === 'yr' || next === 'yrs') && words[i + 2] === 'old') {
    return { age, start: i, matched: words.slice(i, i + 3).join(' ') };
  }
  if (next === 'yo') return { age, start: i, matched: words.slice(i, i + 2).join(' ') };
  const prev = words[i - 1];
  const prev2 = words[i - 2];
  const followsUnit = next !== undefined && /^(day|days|week|weeks|month|months|year|years|euro|euros|eur|times|hours|nights)$/.test(next) && words[i + 2] !== 'old';
  if (!followsUnit && (prev === 'aged' || prev === 'age' || prev === 'im' || (prev === 'am' && prev2 === 'i') || (prev === 'm' && prev2 === 'i'))) {
    const start = prev === 'am' || prev === 'm' ? i - 2 : i - 1;
    return { age, start, matched: words.slice(start, i + 1).join(' ') };
  }
  // "aged 5 and 9": the second age of a pair.
  if (!followsUnit && prev === 'and' && AGE.test(prev2 ?? '') && (words[i - 3] === 'aged' || words[i - 3] === 'age')) return { age, start: i - 3, matched: words.slice(i - 3, i + 1).join(' ') };
  const linked = prev === 'is' || prev === 'are' || prev === 'turns' || prev === 'turned';
  const relation = tables.relations.endsAt(words, linked ? i - 1 : i);
  if (relation && !followsUnit) return { age, start: relation.start, matched: words.slice(relation.start, i + 1).join(' ') };
  // "ma fille de 16 ans", "mon fils a 15 ans", "внучка 9 лет": an age unit after the number and
  // a relation at most two words before it (a number of years alone may be a duration).
  const unit = tables.ageAfter.matchAt(words, i + 1);
  const related = unit ? [i, i - 1, i - 2].map((end) => tables.relations.endsAt(words, end)).find((match) => match !== null) : null;
  if (unit && related) return { age, start: related.start, matched: words.slice(related.start, unit.end).join(' ') };
  return null;
}
