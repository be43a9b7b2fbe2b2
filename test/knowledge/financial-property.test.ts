import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadKnowledge } from '../../src/knowledge/load-knowledge.js';
import type { FinancialBand } from '../../src/knowledge/response-schemas.js';

const knowledge = loadKnowledge('rules');
const STATES = knowledge.memberCodes();

/** The total a band's published figures imply, written independently of the engine's code. */
function expectedTotal(band: FinancialBand, days: number): number | null {
  const round = (x: number) => Math.round(x * 100) / 100;
  switch (band.method) {
    case 'per_day':
      return round(days * (band.per_day ?? NaN));
    case 'per_day_with_minimum':
      return Math.max(round(days * (band.per_day ?? NaN)), band.minimum_total ?? NaN);
    case 'per_entry_plus_per_day':
      return round((band.per_entry ?? NaN) + days * (band.per_day ?? NaN));
    case 'fixed_total':
      return band.fixed;
    case 'fixed_plus_per_day':
      return round((band.fixed ?? NaN) + days * (band.per_day ?? NaN));
    case 'fixed_plus_per_full_month':
      return round((band.fixed ?? NaN) + Math.floor(days / 30) * (band.per_full_month ?? NaN));
    case 'minimum_total':
      return band.minimum_total;
    case 'not_published':
      return null;
  }
}

async function checkConsistent(country: string, days: number): Promise<void> {
  const result = await knowledge.financialRequirement(country, days);
  const context = `${country} ${days} days: ${JSON.stringify(result.data)}`;
  expect(result.sources.length, context).toBeGreaterThanOrEqual(1);
  for (const variant of result.data.variants) {
    expect(variant.bands, context).toHaveLength(1);
    const band = variant.bands[0] as FinancialBand;
    expect(band.from_days <= days && days <= band.to_days, context).toBe(true);
    expect(variant.total, context).toBe(expectedTotal(band, days));
    expect(band.total, context).toBe(variant.total);
    if (band.total === null) expect(band.reason, context).toBeTruthy();
    else expect(band.total, context).toBeGreaterThan(0);
    expect(band.sources.length, context).toBeGreaterThanOrEqual(1);
    const registered = new Set(result.sources.map((s) => s.url));
    for (const id of band.sources) expect(registered.has(knowledge.sources.get(id)?.url ?? '?'), context).toBe(true);
  }
  const main = result.data.variants.find((v) => v.default);
  expect(result.data.total, context).toBe(main?.total);
}

describe('financial property: the total is the one the cited rule gives', () => {
  it('for every state and every days from 1 to 90 (exhaustive)', async () => {
    for (const country of STATES) {
      for (let days = 1; days <= 90; days += 1) await checkConsistent(country, days);
    }
  });

  it('for random (state, days) pairs, also with the bands listed without days', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...STATES), fc.integer({ min: 1, max: 90 }), async (country, days) => {
        await checkConsistent(country, days);
        const rule = await knowledge.financialRequirement(country, null);
        expect(rule.data.total).toBeNull();
        expect(rule.sources.length).toBeGreaterThanOrEqual(1);
        const cited = (await knowledge.financialRequirement(country, days)).data.variants.map((v) => v.bands[0]?.rule);
        for (const [i, variant] of rule.data.variants.entries()) expect(variant.bands.map((b) => b.rule)).toContain(cited[i]);
      }),
      { numRuns: 300 },
    );
  });

  it('totals never decrease as the stay gets longer, except where the published table itself dips (Italy, 5 to 6 days)', async () => {
    const dips: string[] = [];
    for (const country of STATES) {
      let previous: (number | null)[] = [];
      for (let days = 1; days <= 90; days += 1) {
        const totals = (await knowledge.financialRequirement(country, days)).data.variants.map((v) => v.total);
        totals.forEach((total, i) => {
          const before = previous[i];
          if (total !== null && before !== null && before !== undefined && total < before) dips.push(`${country}[${i}] ${days - 1}->${days}: ${before}->${total}`);
        });
        previous = totals;
      }
    }
    // Italy's Table A as published: 1-5 days a fixed EUR 269.60 (one person) or EUR 212.81 each
    // (two or more); from 6 days EUR 44.93 or EUR 26.33 per day. Reproduced, not smoothed.
    expect(dips).toEqual(['IT[0] 5->6: 269.6->269.58', 'IT[1] 5->6: 212.81->157.98']);
  });
});
