import { describe, expect, it } from 'vitest';
import { utcDay, utcMonth } from '../../src/access/access-records.js';

describe('utcDay and utcMonth (memoised per UTC day)', () => {
  it.each([
    ['2026-11-30T23:59:59.999Z', '2026-11-30', '2026-11'],
    ['2026-12-01T00:00:00.000Z', '2026-12-01', '2026-12'],
    ['2026-12-01T12:00:00.000Z', '2026-12-01', '2026-12'],
    ['2026-11-30T23:59:59.999Z', '2026-11-30', '2026-11'],
    ['2028-02-29T23:00:00.000Z', '2028-02-29', '2028-02'],
    ['2028-03-01T00:00:00.000Z', '2028-03-01', '2028-03'],
    ['1999-12-31T23:59:59.999Z', '1999-12-31', '1999-12'],
  ])('gives the UTC day and month of %s, whichever instant was asked before', (instant, day, month) => {
    const at = new Date(instant);
    expect(utcDay(at)).toBe(day);
    expect(utcMonth(at)).toBe(month);
    expect(utcDay(at)).toBe(at.toISOString().slice(0, 10));
  });

  it('agrees with toISOString for instants spread over several years, in any order', () => {
    let t = Date.UTC(2025, 0, 1);
    for (let i = 0; i < 2000; i++) {
      t += ((i * 7919) % 200_000_000) * (i % 3 === 0 ? -1 : 1);
      const at = new Date(t);
      expect(utcDay(at)).toBe(at.toISOString().slice(0, 10));
      expect(utcMonth(at)).toBe(at.toISOString().slice(0, 7));
    }
  });
});
