import { formatDecimal } from '../lib/format-decimal.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { EUR: '€' };

/**
 * A number as English text with thousands separators: 30000 → "30,000", 32.5 → "32.50",
 * 1043.28 → "1,043.28". Whole numbers get no decimals; others always two, because every
 * fractional value the rules hold is a money amount.
 */
export function formatNumber(value: number): string {
  return formatDecimal(value, Number.isInteger(value) ? 0 : 2);
}

/** A money amount in the state's own currency: "€1,200", "€32.50", "PLN 300", "CZK 1,565". */
export function formatMoney(amount: number, currency: string): string {
  const symbol = CURRENCY_SYMBOLS[currency];
  return symbol ? `${symbol}${formatNumber(amount)}` : `${currency} ${formatNumber(amount)}`;
}

/**
 * A calendar date "2025-10-12" as "12 October 2025". Anything that is not a YYYY-MM-DD date
 * ("Q4 2026") is returned unchanged, so a rule that only knows a quarter is never given a day.
 */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const month = MONTHS[Number(match[2]) - 1];
  if (!month) return value;
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/** Joins phrases as English prose: "a", "a and b", "a, b and c". */
export function joinPhrases(phrases: readonly string[]): string {
  if (phrases.length <= 1) return phrases[0] ?? '';
  return `${phrases.slice(0, -1).join(', ')} and ${phrases[phrases.length - 1]}`;
}
