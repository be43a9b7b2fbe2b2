import type { Evidence } from './evidence.js';
import type { LanguageTables, TravelPurpose } from './language-tables.js';

/**
 * The travel purpose: the first purpose word of the question ("holiday" → tourism,
 * "conference" → business, "wedding" → family), or a relation after a visiting verb ("visit my
 * sister" → family). `not_purpose` phrases hide their words first ("business owner"). Pure.
 */
export function extractPurpose(tables: LanguageTables, words: readonly string[]): { purpose: TravelPurpose | null; evidence: Evidence[] } {
  const hidden: boolean[] = new Array<boolean>(words.length).fill(false);
  for (const match of tables.notPurpose.findAll(words)) for (let i = match.start; i < match.end; i++) hidden[i] = true;

  let best: { purpose: TravelPurpose; start: number; matched: string; rule: string } | null = null;
  const direct = tables.purposes.findAll(words, hidden)[0];
  if (direct) {
    const purpose = direct.values[0] as TravelPurpose;
    best = { purpose, start: direct.start, matched: words.slice(direct.start, direct.end).join(' '), rule: 'purpose word' };
  }
  for (const verb of tables.visitVerbs.findAll(words, hidden)) {
    if (best && best.start < verb.start) break;
    for (let k = verb.end; k < Math.min(words.length, verb.end + 3); k++) {
      const relation = tables.relations.matchAt(words, k);
      if (relation) {
        best = { purpose: 'family', start: verb.start, matched: words.slice(verb.start, relation.end).join(' '), rule: 'visiting a relation or friend' };
        break;
      }
    }
    if (best?.start === verb.start) break;
  }
  if (!best) return { purpose: null, evidence: [] };
  return { purpose: best.purpose, evidence: [{ field: 'travel_purpose', value: best.purpose, matched: best.matched, rule: best.rule }] };
}
