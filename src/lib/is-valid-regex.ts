/** Whether `source` compiles as a JavaScript regular expression (table files validate their forms with it). */
export function isValidRegex(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}
