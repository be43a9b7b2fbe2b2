/**
 * The forms a table word may have behind an inflected question word: "decides", "decided",
 * "deciding" → "decide"; "payslips" → "payslip"; "applies", "applied" → "apply". A light,
 * allocation-cheap stand-in for a stemmer (natural's Porter stemmer costs about 15 µs a word),
 * used only for words no phrase matched as typed. Pure; returns candidates, most likely first.
 */
export function baseForms(word: string): string[] {
  const forms: string[] = [];
  const n = word.length;
  if (n < 4) return forms;
  if (word.endsWith('ies') || word.endsWith('ied')) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) forms.push(word.slice(0, -1));
  if (word.endsWith('ed')) forms.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith('ing') && n > 5) forms.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  return forms;
}
