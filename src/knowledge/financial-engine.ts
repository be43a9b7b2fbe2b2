import { Engine, type RuleProperties } from 'json-rules-engine';
import type { Band, Calculation, FinancialFile } from './financial-schemas.js';
import { formatDecimal } from '../lib/format-decimal.js';

/** The band of each variant that applies to a stay, as the engine selected it. */
export type SelectedBands = ReadonlyMap<string, Band>;

/**
 * A state's financial rule compiled for json-rules-engine: one engine rule per (variant, band),
 * whose conditions are the band's day range. Built once per rules load; each evaluation is a
 * fresh `engine.run` (a fresh almanac), so concurrent requests never share state.
 */
export class CompiledFinancialRule {
  private readonly engine: Engine;
  private readonly bands = new Map<string, { variant: string; band: Band }>();

  constructor(readonly file: FinancialFile) {
    const rules: RuleProperties[] = [];
    for (const variant of file.variants) {
      for (const band of variant.bands) {
        this.bands.set(band.name, { variant: variant.id, band });
        rules.push({
          name: band.name,
          conditions: {
            all: [
              { fact: 'days', operator: 'greaterThanInclusive', value: band.days.from },
              { fact: 'days', operator: 'lessThanInclusive', value: band.days.to },
            ],
          },
          event: { type: 'band_applies', params: { variant: variant.id, band: band.name } },
        });
      }
    }
    this.engine = new Engine(rules, { allowUndefinedFacts: false });
  }

  /**
   * Runs the engine for a stay of `days` and returns, per variant, the band that applies.
   * The loader guarantees the bands of each variant cover 1..90 without overlap, so each
   * variant gets exactly one band; an engine result that breaks this throws.
   */
  async selectBands(days: number): Promise<SelectedBands> {
    const { events } = await this.engine.run({ days });
    const selected = new Map<string, Band>();
    for (const event of events) {
      const entry = this.bands.get(String(event.params?.band));
      if (!entry) throw new Error(`engine fired unknown band ${String(event.params?.band)}`);
      if (selected.has(entry.variant)) throw new Error(`${this.file.id}: two bands of variant ${entry.variant} match ${days} days`);
      selected.set(entry.variant, entry.band);
    }
    for (const variant of this.file.variants) {
      if (!selected.has(variant.id)) throw new Error(`${this.file.id}: no band of variant ${variant.id} matches ${days} days`);
    }
    return selected;
  }
}

/** Rounds to cents, the precision the reference amounts are published in. */
export function roundAmount(value: number): number {
  return Math.round(value * 100) / 100;
}

/** `EUR 1,200.00` */
export function formatAmount(currency: string, value: number): string {
  return `${currency} ${formatDecimal(value, 2)}`;
}

/** The total a band sets for `days`, with the working written out; null total when no amount is published. */
export function calculateBandTotal(calculation: Calculation, days: number, currency: string): { total: number | null; working: string } {
  const money = (value: number) => formatAmount(currency, value);
  switch (calculation.method) {
    case 'per_day': {
      const total = roundAmount(calculation.per_day * days);
      return { total, working: `${days} day(s) × ${money(calculation.per_day)} = ${money(total)}` };
    }
    case 'per_day_with_minimum': {
      const product = roundAmount(calculation.per_day * days);
      const total = Math.max(product, calculation.minimum_total);
      return {
        total,
        working: `${days} day(s) × ${money(calculation.per_day)} = ${money(product)}; minimum total ${money(calculation.minimum_total)}; the higher applies: ${money(total)}`,
      };
    }
    case 'per_entry_plus_per_day': {
      const total = roundAmount(calculation.per_entry + calculation.per_day * days);
      return { total, working: `${money(calculation.per_entry)} per entry + ${days} day(s) × ${money(calculation.per_day)} = ${money(total)}` };
    }
    case 'fixed_total':
      return { total: calculation.total, working: `fixed total for a stay of this length: ${money(calculation.total)}` };
    case 'fixed_plus_per_day': {
      const total = roundAmount(calculation.fixed + calculation.per_day * days);
      return { total, working: `${money(calculation.fixed)} fixed + ${days} day(s) × ${money(calculation.per_day)} = ${money(total)}` };
    }
    case 'fixed_plus_per_full_month': {
      const months = Math.floor(days / calculation.month_days);
      const total = roundAmount(calculation.fixed + calculation.per_full_month * months);
      return {
        total,
        working: `${money(calculation.fixed)} + ${months} full month(s) of ${calculation.month_days} days × ${money(calculation.per_full_month)} = ${money(total)}`,
      };
    }
    case 'minimum_total':
      return { total: calculation.minimum_total, working: `minimum total for a stay of this length: ${money(calculation.minimum_total)}` };
    case 'not_published': {
      const minimum = calculation.minimum_total === undefined ? '' : `; at least ${money(calculation.minimum_total)} applies in any case`;
      return { total: null, working: `no amount is published: ${calculation.reason}${minimum}` };
    }
  }
}

/** The per-day amount a calculation names, or null when it has none (fixed totals, no amount). */
export function perDayAmount(calculation: Calculation): number | null {
  return 'per_day' in calculation ? calculation.per_day : null;
}
