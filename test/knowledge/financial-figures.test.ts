import { describe, expect, it } from 'vitest';
import { loadKnowledge } from '../../src/knowledge/load-knowledge.js';

const knowledge = loadKnowledge('rules');

async function totalOf(country: string, days: number, variant?: string) {
  const { data } = await knowledge.financialRequirement(country, days);
  const chosen = variant ? data.variants.find((v) => v.id === variant) : data.variants.find((v) => v.default);
  if (!chosen) throw new Error(`${country} has no variant ${variant ?? '(default)'}: ${JSON.stringify(data.variants.map((v) => v.id))}`);
  return { data, variant: chosen, total: chosen.total };
}

/**
 * The dossier's figures (research/schengen-facts.md §2.2), one row per state and shape: the
 * total the API must compute for a stay of `days`. Rows for every state whose figure is
 * published (CONFIRMED, CONFIRMED-SECONDARY or DERIVED).
 */
const FIGURES: { name: string; country: string; days: number; variant?: string; currency: string; total: number }[] = [
  { name: 'BE hotel €95/day', country: 'BE', days: 10, currency: 'EUR', total: 950 },
  { name: 'BE private host €45/day', country: 'BE', days: 10, variant: 'private_host', currency: 'EUR', total: 450 },
  { name: 'BG €50/day lifted to the €500 minimum', country: 'BG', days: 5, currency: 'EUR', total: 500 },
  { name: 'BG €50/day above the minimum', country: 'BG', days: 15, currency: 'EUR', total: 750 },
  { name: 'HR €70/day', country: 'HR', days: 10, currency: 'EUR', total: 700 },
  { name: 'HR €30/day with guarantee or booking', country: 'HR', days: 10, variant: 'guarantee_or_booking', currency: 'EUR', total: 300 },
  { name: 'CZ CZK 1,565/day up to 30 days', country: 'CZ', days: 10, currency: 'CZK', total: 15650 },
  { name: 'CZ 30 days = 15 × subsistence minimum', country: 'CZ', days: 30, currency: 'CZK', total: 46950 },
  { name: 'CZ over 30 days: 46,950 + 1 full month', country: 'CZ', days: 45, currency: 'CZK', total: 53210 },
  { name: 'CZ 90 days: 46,950 + 3 full months', country: 'CZ', days: 90, currency: 'CZK', total: 65730 },
  { name: 'CZ under 18: half', country: 'CZ', days: 10, variant: 'under_18', currency: 'CZK', total: 7825 },
  { name: 'DK DKK 350 per 24 h', country: 'DK', days: 10, currency: 'DKK', total: 3500 },
  { name: 'DK hotel about DKK 500/day', country: 'DK', days: 10, variant: 'hotel', currency: 'DKK', total: 5000 },
  { name: 'FI about €50/day', country: 'FI', days: 10, currency: 'EUR', total: 500 },
  { name: 'FR €120/day without accommodation proof', country: 'FR', days: 10, currency: 'EUR', total: 1200 },
  { name: 'FR €65/day with a hotel', country: 'FR', days: 10, variant: 'hotel', currency: 'EUR', total: 650 },
  { name: "FR €32.50/day with an attestation d'accueil", country: 'FR', days: 10, variant: 'attestation_d_accueil', currency: 'EUR', total: 325 },
  { name: 'DE €45/day fallback', country: 'DE', days: 10, currency: 'EUR', total: 450 },
  { name: 'HU €40/day', country: 'HU', days: 10, currency: 'EUR', total: 400 },
  { name: 'IS ISK 8,000/day lifted to the ISK 40,000 per-entry minimum', country: 'IS', days: 3, currency: 'ISK', total: 40000 },
  { name: 'IS ISK 8,000/day above the minimum', country: 'IS', days: 10, currency: 'ISK', total: 80000 },
  { name: 'IT 1-5 days fixed €269.60 (1 day)', country: 'IT', days: 1, currency: 'EUR', total: 269.6 },
  { name: 'IT 1-5 days fixed €269.60 (5 days)', country: 'IT', days: 5, currency: 'EUR', total: 269.6 },
  { name: 'IT 6-10 days €44.93/day', country: 'IT', days: 7, currency: 'EUR', total: 314.51 },
  { name: 'IT 11-20 days €51.64 + €36.67/day', country: 'IT', days: 15, currency: 'EUR', total: 601.69 },
  { name: 'IT over 20 days €206.58 + €27.89/day', country: 'IT', days: 30, currency: 'EUR', total: 1043.28 },
  { name: 'IT 2+ persons 1-5 days fixed €212.81 each', country: 'IT', days: 3, variant: 'two_or_more_each', currency: 'EUR', total: 212.81 },
  { name: 'IT 2+ persons 11-20 days €25.82 + €22.21/day each', country: 'IT', days: 15, variant: 'two_or_more_each', currency: 'EUR', total: 358.97 },
  { name: 'LV €14/day up to 30 days', country: 'LV', days: 10, currency: 'EUR', total: 140 },
  { name: 'LV over 30 days: the €700 minimum monthly wage', country: 'LV', days: 45, currency: 'EUR', total: 700 },
  { name: 'LI CHF 100/day', country: 'LI', days: 10, currency: 'CHF', total: 1000 },
  { name: 'LI students CHF 30/day', country: 'LI', days: 10, variant: 'student', currency: 'CHF', total: 300 },
  { name: 'LT €50/day', country: 'LT', days: 10, currency: 'EUR', total: 500 },
  { name: 'LU about €67/day', country: 'LU', days: 10, currency: 'EUR', total: 670 },
  { name: 'MT €48/day', country: 'MT', days: 10, currency: 'EUR', total: 480 },
  { name: 'NL €55/day', country: 'NL', days: 10, currency: 'EUR', total: 550 },
  { name: 'NO at least NOK 500/day', country: 'NO', days: 10, currency: 'NOK', total: 5000 },
  { name: 'EE €70/day', country: 'EE', days: 10, currency: 'EUR', total: 700 },
  { name: 'PL flat PLN 300 for 3 days', country: 'PL', days: 3, currency: 'PLN', total: 300 },
  { name: 'PL flat PLN 300 for 4 days', country: 'PL', days: 4, currency: 'PLN', total: 300 },
  { name: 'PL PLN 75/day from 5 days', country: 'PL', days: 5, currency: 'PLN', total: 375 },
  { name: 'PL PLN 75/day for 10 days', country: 'PL', days: 10, currency: 'PLN', total: 750 },
  { name: 'PL organised stay PLN 20/day, minimum PLN 100', country: 'PL', days: 3, variant: 'organised_or_prepaid', currency: 'PLN', total: 100 },
  { name: 'PT €75 per entry + €40/day (1 day)', country: 'PT', days: 1, currency: 'EUR', total: 115 },
  { name: 'PT €75 per entry + €40/day (10 days)', country: 'PT', days: 10, currency: 'EUR', total: 475 },
  { name: 'RO €50/day lifted to the €500 minimum', country: 'RO', days: 5, currency: 'EUR', total: 500 },
  { name: 'RO €50/day above the minimum', country: 'RO', days: 20, currency: 'EUR', total: 1000 },
  { name: 'RO invitation procedure €30/day', country: 'RO', days: 10, variant: 'invitation_procedure', currency: 'EUR', total: 300 },
  { name: 'SK €56/day', country: 'SK', days: 10, currency: 'EUR', total: 560 },
  { name: 'SI €70/day', country: 'SI', days: 10, currency: 'EUR', total: 700 },
  { name: 'SI minor with parent €35/day', country: 'SI', days: 10, variant: 'minor_with_parent', currency: 'EUR', total: 350 },
  { name: 'ES €1,098.90 minimum for 5 days', country: 'ES', days: 5, currency: 'EUR', total: 1098.9 },
  { name: 'ES €1,098.90 minimum for 9 days (9 × €122.10 = €1,098.90)', country: 'ES', days: 9, currency: 'EUR', total: 1098.9 },
  { name: 'ES €122.10/day for 10 days (derived: 10 % of the 2026 SMI of €1,221)', country: 'ES', days: 10, currency: 'EUR', total: 1221 },
  { name: 'SE SEK 450/day', country: 'SE', days: 10, currency: 'SEK', total: 4500 },
  { name: 'CH CHF 100/day', country: 'CH', days: 10, currency: 'CHF', total: 1000 },
  { name: 'CH students CHF 30/day', country: 'CH', days: 10, variant: 'student', currency: 'CHF', total: 300 },
];

describe('financial totals match the dossier', () => {
  it.each(FIGURES)('$name', async ({ country, days, variant, currency, total }) => {
    const result = await totalOf(country, days, variant);
    expect(result.data.currency, JSON.stringify(result.data)).toBe(currency);
    expect(result.total, JSON.stringify(result.variant)).toBeCloseTo(total, 2);
    expect(result.variant.bands).toHaveLength(1);
    expect(result.variant.bands[0]?.working, JSON.stringify(result.variant)).toContain(currency);
  });

  it('covers every published state at least once', () => {
    const covered = new Set(FIGURES.map((row) => row.country));
    const unpublished = ['AT', 'GR'];
    expect(knowledge.memberCodes().filter((iso) => !covered.has(iso) && !unpublished.includes(iso))).toEqual([]);
  });
});

describe('states without a published amount', () => {
  it('Austria: no reference amount, so the total is null with the reason, never an estimate', async () => {
    for (const days of [1, 10, 90]) {
      const { data } = await knowledge.financialRequirement('AT', days);
      expect(data.total, JSON.stringify(data)).toBeNull();
      expect(data.amount_status).toBe('none_published');
      expect(data.total_reason).toMatch(/no reference amount/i);
      expect(data.variants[0]?.bands[0]?.per_day).toBeNull();
    }
  });

  it('Greece: the sources conflict (€50/€300 vs €63/€378), so the total is null and the reason names both', async () => {
    const { data } = await knowledge.financialRequirement('GR', 10);
    expect(data.total).toBeNull();
    expect(data.amount_status).toBe('conflict');
    expect(data.confidence).toBeNull();
    expect(data.total_reason).toMatch(/€50.*€300.*€63.*€378/s);
  });
});

describe('the shape of the answer', () => {
  it.each(['DE', 'FI'])('%s amounts are marked indicative', async (country) => {
    const { data } = await knowledge.financialRequirement(country, 10);
    expect(data.indicative).toBe(true);
    expect(data.variants.every((variant) => variant.indicative)).toBe(true);
  });

  it('without days, the rule and every band with its per-day amount are returned, with no total', async () => {
    const { data } = await knowledge.financialRequirement('IT', null);
    expect(data.days).toBeNull();
    expect(data.total).toBeNull();
    const one = data.variants.find((v) => v.id === 'one_person');
    expect(one?.bands.map((b) => [b.from_days, b.to_days, b.per_day, b.total])).toEqual([
      [1, 5, null, null],
      [6, 10, 44.93, null],
      [11, 20, 36.67, null],
      [21, 90, 27.89, null],
    ]);
  });

  it('shows the working: rule applied, inputs and the arithmetic', async () => {
    const { data } = await knowledge.financialRequirement('PT', 10);
    const band = data.variants[0]?.bands[0];
    expect(band).toMatchObject({ rule: 'pt.standard', method: 'per_entry_plus_per_day', per_entry: 75, per_day: 40, total: 475 });
    expect(band?.working).toBe('EUR 75.00 per entry + 10 day(s) × EUR 40.00 = EUR 475.00');
  });

  it('Poland lists the return funds required on top as a separate supplement', async () => {
    const { data } = await knowledge.financialRequirement('PL', 10);
    expect(data.supplements.find((f) => f.id === 'pl.return_funds')?.value).toMatchObject({ from_other_countries: 2500 });
  });

  // Issue 10: the per-day amount is published as derived (10 % of the 2026 SMI of €1,221) and
  // the €121.10 reading of one transcription stays a note; Estonia's €70 and Norway's "at least
  // NOK 500" replace the former conflict and "about" (these tests replace the ones that said so).
  it('Spain: €122.10 per day with the €1,098.90 minimum, derived, with the €121.10 reading kept as a note', async () => {
    const { data } = await knowledge.financialRequirement('ES', 10);
    expect(data.total).toBe(1221);
    expect(data.confidence).toBe('derived');
    expect(data.variants[0]?.bands.map((b) => [b.from_days, b.to_days, b.method, b.per_day, b.minimum_total])).toEqual([[1, 90, 'per_day_with_minimum', 122.1, 1098.9]]);
    expect(data.notes.join(' ')).toMatch(/€121\.10/);
  });

  it('Estonia: €70 per day resting on the Estonian mission page and the compilation', async () => {
    const { data, sources } = await knowledge.financialRequirement('EE', 10);
    expect(data.total).toBe(700);
    expect(sources.map((s) => s.url)).toContain('https://abudhabi.mfa.ee/documents-required-for-schengen-visa/');
  });

  it('Norway: NOK 500 per day is a minimum ("at least"), not an indicative "about"', async () => {
    const { data } = await knowledge.financialRequirement('NO', 10);
    expect(data.summary).toMatch(/^At least NOK 500 per day/);
    expect(data.indicative).toBe(false);
  });

  it('rejects days outside 1..90 in the domain function too', async () => {
    await expect(knowledge.financialRequirement('FR', 0)).rejects.toThrow(RangeError);
    await expect(knowledge.financialRequirement('FR', 91)).rejects.toThrow(RangeError);
    await expect(knowledge.financialRequirement('FR', 1.5)).rejects.toThrow(RangeError);
  });
});
