const FOLDED: Readonly<Record<string, string>> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ı: 'i', þ: 'th', ð: 'd', ς: 'σ' };
const FOLDABLE = /[ßøæœłđıþðς]/g;
const COMBINING_MARKS = /\p{M}+/gu;

/**
 * Lower-cases a word and removes its accents ("Österreich" → "osterreich", "Ελλάδα" →
 * "ελλαδα", "Straße" → "strasse"), so tables and questions meet on one spelling. Pure; any
 * string in, never throws.
 */
export function normalizeWord(word: string): string {
  const lower = word.toLowerCase();
  if (isPlainAscii(lower)) return lower;
  return lower.normalize('NFD').replace(COMBINING_MARKS, '').replace(FOLDABLE, (c) => FOLDED[c] ?? c).normalize('NFC');
}

function isPlainAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}
