import { readFileSync } from 'node:fs';

/** The README as committed, read from the repository root. */
export function readme(): string {
  return readFileSync('README.md', 'utf8');
}

/** A documentation page as committed, by its path from the repository root (`docs/operations.md`). */
export function doc(path: string): string {
  return readFileSync(path, 'utf8');
}

/** The text of the `## heading` section, up to the next `## ` heading. Throws when absent. */
export function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start < 0) throw new Error(`no "## ${heading}" section in this markdown`);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The cells of the first table in `markdown`, header and separator rows dropped. */
export function firstTable(markdown: string): string[][] {
  const rows: string[][] = [];
  let inTable = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('|')) {
      inTable = true;
      rows.push(
        line
          .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
          .split('|')
          .map((cell) => cell.trim()),
      );
    } else if (inTable) break;
  }
  return rows.slice(2);
}

/** Renders rows as a markdown table, to print the expected table when a test fails. */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

/** `code` → code. */
export function unquote(cell: string): string {
  return cell.replace(/^`(.*)`$/, '$1');
}
