/**
 * A number as English digits with thousands separators and exactly `fractionDigits` decimals:
 * 1234.5 → "1,234.50" (2), 30000 → "30,000" (0). It rounds half away from zero on the number's
 * shortest decimal form (2.675 → "2.68", where `toFixed` gives "2.67"), so it prints what
 * `new Intl.NumberFormat('en', { minimumFractionDigits: d, maximumFractionDigits: d })` prints;
 * test/foundation/format-decimal.test.ts compares the two over many values.
 *
 * Ours rather than Intl's because the first Intl.NumberFormat a process builds pages in ICU's
 * number-formatting data and code: about 7 MB of resident memory, for a server whose only
 * formatted numbers are English amounts and day counts (docs/performance.md).
 */
export function formatDecimal(value: number, fractionDigits: number): string {
  if (Number.isNaN(value)) return 'NaN';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (!Number.isFinite(value)) return `${sign}∞`;

  const { digits, point } = decimalDigits(Math.abs(value));
  const kept = roundHalfUp(digits, point + fractionDigits);
  // Rounding 9.995 to 10.00 adds a digit in front: the point moves with it.
  const integerLength = point + (kept.length - (point + fractionDigits));
  const integer = kept.slice(0, integerLength).replace(/^0+(?=\d)/, '');
  const fraction = kept.slice(integerLength);
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${sign}${grouped}.${fraction}` : `${sign}${grouped}`;
}

/**
 * The shortest decimal form JavaScript gives a non-negative number ("0.000015", "1.5e-7",
 * "1e+21") as its digits and the position of the decimal point in them, with at least one
 * digit before the point: 1043.28 → { digits: "104328", point: 4 }, 0.05 → { "005", 1 }.
 */
function decimalDigits(value: number): { digits: string; point: number } {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  if (point < 1) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  if (digits.length < point) digits += '0'.repeat(point - digits.length);
  return { digits, point };
}

/** The first `length` digits, rounded half up on the digit after them (zeros added when short). */
function roundHalfUp(digits: string, length: number): string {
  if (digits.length <= length) return digits + '0'.repeat(length - digits.length);
  const kept = digits.slice(0, length);
  if ((digits[length] ?? '0') < '5') return kept;
  // Add one to the last kept digit, carrying through the nines.
  const out = kept.split('');
  let index = out.length - 1;
  while (index >= 0 && out[index] === '9') out[index--] = '0';
  if (index < 0) return `1${out.join('')}`;
  out[index] = String(Number(out[index]) + 1);
  return out.join('');
}
