import { describe, expect, it } from 'vitest';
import { compareText } from '../../src/lib/compare-text.js';
import { formatDecimal } from '../../src/lib/format-decimal.js';

// The reference: what the platform prints. The server does not build these (see format-decimal.ts).
const INTL = [0, 2].map((digits) => new Intl.NumberFormat('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }));

/** A deterministic spread of values: amounts in cents, halves, large and tiny magnitudes, both signs. */
function sampleValues(count: number): number[] {
  const values: number[] = [];
  let seed = 20261123;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < count; i++) {
    const sign = i % 2 === 0 ? 1 : -1;
    values.push(sign * Math.round(next() * 1e7) / 1000, next() * 10 ** Math.floor(next() * 12), Math.floor(next() * 1e6) + 0.5, sign * (Math.floor(next() * 1e5) + 0.5) / 100);
  }
  return values;
}

describe('formatDecimal', () => {
  it.each([
    [30000, 0, '30,000'],
    [1043.28, 2, '1,043.28'],
    [32.5, 2, '32.50'],
    [2.675, 2, '2.68'],
    [1.005, 2, '1.01'],
    [9.995, 2, '10.00'],
    [999999.995, 2, '1,000,000.00'],
    [0.1 + 0.2, 2, '0.30'],
    [1.5e-7, 2, '0.00'],
    [-0.001, 2, '-0.00'],
    [1e21, 0, '1,000,000,000,000,000,000,000'],
    [Number.NaN, 2, 'NaN'],
    [Number.POSITIVE_INFINITY, 0, '∞'],
  ])('%d with %d decimals is %s', (value, digits, expected) => {
    expect(formatDecimal(value, digits)).toBe(expected);
  });

  it('prints what Intl.NumberFormat prints, over 40,000 values and both precisions', () => {
    const mismatches: string[] = [];
    for (const value of [0, -0, -0.005, 0.994, 0.995, 99.995, -1234.565, 123456789.125, ...sampleValues(10_000)]) {
      for (const [digits, intl] of INTL.entries()) {
        const fractionDigits = digits * 2;
        const ours = formatDecimal(value, fractionDigits);
        const theirs = intl?.format(value);
        if (ours !== theirs) mismatches.push(`${value} (${fractionDigits}): ${ours} ≠ ${theirs}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('compareText', () => {
  it('sorts English state names alphabetically and is stable across locales', () => {
    const names = ['Switzerland', 'Austria', 'Czechia', 'Belgium', 'Liechtenstein', 'Luxembourg'];
    expect([...names].sort(compareText)).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(compareText('2025-01-02', '2025-01-10')).toBeLessThan(0);
    expect(compareText('a', 'a')).toBe(0);
  });
});
