import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FACT_VALUE_SCHEMAS, inferFactKind } from '../../src/knowledge/fact-values.js';
import { FactSchema, RuleFactSchema } from '../../src/knowledge/fact.js';
import { loadKnowledge } from '../../src/knowledge/load-knowledge.js';

/** Every fact object written in a rule file (an object with `id`, `value` and `sources`), with its file. */
function ruleFileFacts(dir: string): { file: string; id: string; value: unknown }[] {
  const found: { file: string; id: string; value: unknown }[] = [];
  const walk = (node: unknown, file: string): void => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, file));
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.id === 'string' && 'value' in record && Array.isArray(record.sources)) found.push({ file, id: record.id, value: record.value });
    for (const child of Object.values(record)) walk(child, file);
  };
  const visit = (path: string): void => {
    if (statSync(path).isDirectory()) return readdirSync(path).forEach((name) => visit(join(path, name)));
    if (path.endsWith('.json')) walk(JSON.parse(readFileSync(path, 'utf8')), path);
  };
  visit(dir);
  return found;
}

const fact = { id: 'fees.example', sources: ['visa-code'], last_verified_at: '2026-01-01', confidence: 'confirmed' };

describe('kinds of facts', () => {
  const knowledge = loadKnowledge('rules', '2026-11-22');
  const written = ruleFileFacts('rules').filter((entry) => knowledge.fact(entry.id));

  it('every fact of the shipped rules loads with a typed kind (none falls back to `structured`) and a value of that shape', () => {
    expect(written.length).toBeGreaterThan(150);
    const untyped = written.filter((entry) => knowledge.fact(entry.id)?.kind === 'structured').map((entry) => `${entry.file}: ${entry.id}`);
    expect(untyped, 'add a kind to src/knowledge/fact-values.ts for these shapes').toEqual([]);
    for (const entry of written) {
      const loaded = knowledge.fact(entry.id);
      expect(FactSchema.safeParse(loaded).success, entry.id).toBe(true);
      expect(loaded?.value, entry.id).toEqual(entry.value);
    }
  });

  it.each([
    { name: 'a fee', id: 'fees.adult', value: { amount: 90, currency: 'EUR' }, kind: 'money' },
    { name: 'a duration in days, by the unit its id names', id: 'processing_time.standard_days', value: 15, kind: 'duration_days' },
    { name: 'a duration in months', id: 'application_timing.earliest_months_seafarers', value: 9, kind: 'duration_months' },
    { name: 'a number without a unit', id: 'membership.count', value: 29, kind: 'number' },
    { name: 'a calendar date', id: 'ees.start', value: '2025-10-12', kind: 'date' },
    { name: 'a page with its title', id: 'fr.visa_page', value: { url: 'https://france-visas.gouv.fr/', title: 'France-Visas' }, kind: 'link' },
    { name: 'a statement', id: 'insurance.scope', value: 'Valid for the whole territory.', kind: 'text' },
    { name: 'a list of documents', id: 'application_procedure.documents', value: ['application form', 'photograph'], kind: 'text_list' },
    { name: 'a list of ISO codes', id: 'membership.states', value: ['FR', 'DE'], kind: 'country_codes' },
    { name: 'a yes/no rule with its condition', id: 'biometrics.exempt', value: { applies: true, condition: 'under 12' }, kind: 'conditional_rule' },
    { name: 'amounts by case', id: 'pl.return_funds', value: { currency: 'PLN', from_neighbouring_country: 200 }, kind: 'fee_table' },
    { name: 'a shape no kind describes', id: 'x.y', value: { a: { b: 1 } }, kind: 'structured' },
    { name: 'an empty string', id: 'x.y', value: '', kind: 'structured' },
    { name: 'a fraction of a day', id: 'x.half_days', value: 0.5, kind: 'number' },
    { name: 'a negative count of days', id: 'x.offset_days', value: -3, kind: 'number' },
  ])('infers $kind for $name', ({ id, value, kind }) => {
    expect(inferFactKind(id, value)).toBe(kind);
    expect(FACT_VALUE_SCHEMAS[inferFactKind(id, value)].safeParse(value).success).toBe(true);
  });

  it('a null value takes the kind of its place, or `text`', () => {
    expect(inferFactKind('fr.member_since', null, 'date')).toBe('date');
    expect(inferFactKind('visa_validity.whole_area', null)).toBe('text');
  });

  it('a rule file may state the kind; a value that does not fit it is rejected with the field and the kind', () => {
    expect(RuleFactSchema.parse({ ...fact, kind: 'money', value: { amount: 90, currency: 'EUR' } })).toMatchObject({ kind: 'money' });
    const wrong = RuleFactSchema.safeParse({ ...fact, kind: 'money', value: { amount: 90 } });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]).toMatchObject({ path: ['value', 'currency'], message: expect.stringMatching(/does not fit kind "money"/) });
  });

  it('a loaded fact reads id, kind, value first', () => {
    expect(Object.keys(knowledge.fact('fees.adult') ?? {}).slice(0, 3)).toEqual(['id', 'kind', 'value']);
  });
});
