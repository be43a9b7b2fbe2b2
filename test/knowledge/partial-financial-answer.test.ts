import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { composeAnswer } from '../../src/answers/compose-answer.js';
import { loadRules } from '../../src/knowledge/rule-book.js';

// A copy of the rules where Spain's per-day amount is in conflict again (as before issue 10):
// the minimum that applies under either figure must still be stated, for the API and the answer.
const dir = mkdtempSync(join(tmpdir(), 'partial-financial-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
cpSync('rules', dir, { recursive: true });
const file = join(dir, 'financial/es.json');
const spain = JSON.parse(readFileSync(file, 'utf8'));
spain.amount_status = 'conflict';
spain.confidence = null;
spain.variants[0].bands = [
  { name: 'es.minimum', days: { from: 1, to: 9 }, calculation: { method: 'minimum_total', minimum_total: 1098.9 } },
  { name: 'es.per_day_conflict', days: { from: 10, to: 90 }, calculation: { method: 'not_published', reason: 'Sources conflict on the per-day amount (€122.10 or €121.10).', minimum_total: 1098.9 } },
];
writeFileSync(file, JSON.stringify(spain, null, 2));
const rules = loadRules(dir);

describe('a partial answer beats none: the minimum that applies in any case is stated', () => {
  it('GET /financial-requirements data: no total for 10 days, the reason names the minimum, the band carries it', async () => {
    const { data } = await rules.knowledge.financialRequirement('ES', 10);
    expect(data.total).toBeNull();
    expect(data.total_reason).toBe('Sources conflict on the per-day amount (€122.10 or €121.10). At least EUR 1,098.90 in total applies in any case.');
    expect(data.variants[0]?.bands[0]).toMatchObject({ method: 'not_published', minimum_total: 1098.9, total: null });
    expect(data.variants[0]?.bands[0]?.working).toContain('at least EUR 1,098.90 applies in any case');
  });

  it('POST /answer: "how much money for Spain for 10 days" states the minimum instead of a null answer', async () => {
    const context = { knowledge: rules.knowledge, language: rules.language, capabilities: rules.capabilities };
    const { data } = await composeAnswer({ question: 'how much money for Spain for 10 days' }, context);
    expect(data.reason).toBeNull();
    expect(data.answer?.text).toContain('at least €1,098.90 in total applies in any case');
    expect(data.answer?.facts.map((fact) => fact.id)).toEqual(['es.per_day_conflict']);
  });

  it('a conflict without such a minimum (Greece) stays a null answer', async () => {
    const context = { knowledge: rules.knowledge, language: rules.language, capabilities: rules.capabilities };
    const { data } = await composeAnswer({ question: 'how much money for Greece for 10 days' }, context);
    expect(data.answer).toBeNull();
    expect(data.reason).toBe('value_not_verified');
  });
});
