/**
 * Orders two strings by their UTF-16 code units: the same order on every machine and in every
 * locale. Used to sort English state names (ASCII, capitalised: alphabetical under this order),
 * ISO dates and rule ids. Not `localeCompare`: the first collation a process runs pages in ICU's
 * collation data, a few MB of resident memory the server does not otherwise need
 * (docs/performance.md).
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
