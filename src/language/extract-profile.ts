import type { Evidence } from './evidence.js';
import type { Employment, LanguageTables } from './language-tables.js';

const AGE = /^\d{1,3}$/;

/**
 * The applicant's employment and whether they are a minor. Employment: the first employment
 * phrase, longest first ("self employed" before "employed"). Minor: the first of an age ("I am
 * 16", "a 15-year-old", "aged 70", compared with `adult_age`) or a minor/adult word ("child",
 * "under 18", "adults"). Null when the question says nothing. Pure.
 */
export function extractProfile(tables: LanguageTables, words: readonly string[]): { employment: Employment | null; minor: boolean | null; evidence: Evidence[] } {
  const evidence: Evidence[] = [];
  const job = tables.employment.findAll(words)[0];
  const employment = job?.values[0] ?? null;
  if (job && employment) evidence.push({ field: 'employment', value: employment, matched: words.slice(job.start, job.end).join(' '), rule: 'employment phrase' });

  const age = findAge(tables, words);
  const word = tables.minor.findAll(words)[0];
  let minor: boolean | null = null;
  if (age && (!word || age.start <= word.start)) {
    minor = age.age < tables.adultAge;
    evidence.push({ field: 'minor', value: minor, matched: age.matched, rule: `age ${age.age} ${minor ? 'under' : 'at or over'} ${tables.adultAge}` });
  } else if (word) {
    minor = word.values[0] ?? null;
    evidence.push({ field: 'minor', value: minor, matched: words.slice(word.start, word.end).join(' '), rule: minor ? 'minor word' : 'adult word' });
  }
  return { employment, minor, evidence };
}

/**
 * "i am 16", "i m 16", "im 16", "aged 70", "age 12", "12 year old", "12 years old"; and the age of
 * a relative the question names ("my daughter is 8", "my son (15)", "our kids are 10"): a relation
 * (purposes.json `relations`) right before the number or before "is", "are", "turns".
 */
function findAge(tables: LanguageTables, words: readonly string[]): { age: number; start: number; matched: string } | null {
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    if (!AGE.test(word)) continue;
    const age = Number(word);
    if (age > 120) continue;
    const next = words[i + 1];
    if ((next === 'year' || next === 'years' || next === 'yr' || next === 'yrs') && words[i + 2] === 'old') {
      return { age, start: i, matched: words.slice(i, i + 3).join(' ') };
    }
    const prev = words[i - 1];
    const prev2 = words[i - 2];
    const followsUnit = next !== undefined && /^(day|days|week|weeks|month|months|year|years|euro|euros|eur|times|hours|nights)$/.test(next) && words[i + 2] !== 'old';
    if (prev === 'aged' || prev === 'age' || prev === 'im' || (prev === 'am' && prev2 === 'i') || (prev === 'm' && prev2 === 'i')) {
      if (!followsUnit) return { age, start: prev === 'am' || prev === 'm' ? i - 2 : i - 1, matched: words.slice(prev === 'am' || prev === 'm' ? i - 2 : i - 1, i + 1).join(' ') };
    }
    const linked = prev === 'is' || prev === 'are' || prev === 'turns' || prev === 'turned';
    const relation = tables.relations.endsAt(words, linked ? i - 1 : i);
    if (relation && !followsUnit) return { age, start: relation.start, matched: words.slice(relation.start, i + 1).join(' ') };
    // "ma fille de 16 ans", "mon fils a 15 ans", "внучка 9 лет": an age unit after the number and
    // a relation at most two words before it (a number of years alone may be a duration).
    const unit = tables.ageAfter.matchAt(words, i + 1);
    const related = unit ? [i, i - 1, i - 2].map((end) => tables.relations.endsAt(words, end)).find((match) => match !== null) : null;
    if (unit && related) return { age, start: related.start, matched: words.slice(related.start, unit.end).join(' ') };
  }
  return null;
}
