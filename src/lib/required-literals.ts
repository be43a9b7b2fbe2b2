/*
 * A cheap test that lets most regular expressions be skipped: the literal text every match of a
 * pattern must contain. A table's question forms are tested on every clause of every question;
 * most start with a word boundary, a look-around or a group, where the engine cannot skip ahead,
 * so it tries the pattern at each position. Looking for the literals first (all of a table's at
 * once, `LiteralIndex`) rules out most forms at a fraction of the cost; a pattern only runs on a
 * text that holds them.
 *
 * `\b(opening|office) (hours|times)\b` requires ("opening" or "office") and ("hours" or "times").
 * The reading is conservative: a group counts only when no quantifier makes it optional and it is
 * no look-around; a class, an escape or a wildcard ends a literal; a literal shorter than three
 * characters is not looked for, and an alternative without any literal makes its whole group
 * require nothing. So `LiteralIndex.mayMatch` is never false where the pattern matches.
 */

/** What every match contains: a literal, any of several requirements, or all of them. */
export type Requirement = string | { readonly any: readonly Requirement[] } | { readonly all: readonly Requirement[] };

/** The shortest literal worth looking for: a shorter one is in nearly every text. */
const MIN_LITERAL = 3;

/** What every match of `source` (a pattern without flags) contains, or null when nothing can be looked for. */
export function requiredLiterals(source: string): Requirement | null {
  return alternation(source, 0, source.length);
}

/** A table's regular expression with what every match of it contains, looked for first. */
export interface PrefilteredRegex {
  regex: RegExp;
  literals: Requirement | null;
}

/** Compiles a table's pattern (no flags) with its required literals. */
export function prefilteredRegex(source: string): PrefilteredRegex {
  return { regex: new RegExp(source), literals: requiredLiterals(source) };
}

/** `source[start, end)` as alternatives: any of theirs, or null when one of them requires nothing. */
function alternation(source: string, start: number, end: number): Requirement | null {
  const branches: Requirement[] = [];
  let from = start;
  for (let i = start; i <= end; i += 1) {
    const c = source[i];
    if (i === end || c === '|') {
      const branch = sequence(source, from, i);
      if (branch === null) return null;
      branches.push(branch);
      from = i + 1;
    } else if (c === '\\') i += 1;
    else if (c === '[') i = closingBracket(source, i);
    else if (c === '(') i = closingParen(source, i);
  }
  return branches.length === 1 ? (branches[0] as Requirement) : { any: branches };
}

/** One alternative `source[start, end)`: all the literals and required groups in it, or null when none. */
function sequence(source: string, start: number, end: number): Requirement | null {
  const items: Requirement[] = [];
  let run = '';
  const endRun = () => {
    if (run.length >= MIN_LITERAL) items.push(run);
    run = '';
  };
  let i = start;
  while (i < end) {
    const c = source[i] as string;
    if (c === '\\') {
      endRun();
      i = afterQuantifier(source, i + 2).next;
    } else if (c === '[') {
      endRun();
      i = afterQuantifier(source, closingBracket(source, i) + 1).next;
    } else if (c === '(') {
      endRun();
      const close = closingParen(source, i);
      const { next, optional } = afterQuantifier(source, close + 1);
      const inner = groupContent(source, i);
      if (!optional && inner !== null) {
        const required = alternation(source, inner, close);
        if (required !== null) items.push(required);
      }
      i = next;
    } else if ('.^$)]{}*+?|'.includes(c)) {
      endRun();
      i = afterQuantifier(source, i + 1).next;
    } else {
      const { next, optional } = afterQuantifier(source, i + 1);
      if (optional) {
        endRun();
      } else if (next > i + 1) {
        // Repeated ("s+"): the character is in the match, and what follows may repeat it.
        run += c;
        endRun();
      } else {
        run += c;
      }
      i = next;
    }
  }
  endRun();
  if (items.length === 0) return null;
  return items.length === 1 ? (items[0] as Requirement) : { all: items };
}

/** Where the content of the group opened at `open` starts, or null for a look-around (it consumes nothing). */
function groupContent(source: string, open: number): number | null {
  if (source[open + 1] !== '?') return open + 1;
  if (source[open + 2] === ':') return open + 3;
  if (source[open + 2] === '<' && source[open + 3] !== '=' && source[open + 3] !== '!') {
    const close = source.indexOf('>', open);
    return close === -1 ? null : close + 1;
  }
  return null;
}

/** After a quantifier at `i` (`?`, `*`, `+`, `{m,n}`, each maybe lazy): where the pattern goes on, and whether it allows none. */
function afterQuantifier(source: string, i: number): { next: number; optional: boolean } {
  const c = source[i];
  let next = i;
  let optional = false;
  if (c === '{' && /^\{\d+(,\d*)?\}/.test(source.slice(i))) {
    optional = source[i + 1] === '0';
    next = source.indexOf('}', i) + 1;
  } else if (c === '?' || c === '*') {
    optional = true;
    next = i + 1;
  } else if (c === '+') {
    next = i + 1;
  } else {
    return { next, optional };
  }
  return { next: source[next] === '?' ? next + 1 : next, optional };
}

/** The index of the `)` closing the group opened at `open` (escapes and classes skipped). */
function closingParen(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    const c = source[i];
    if (c === '\\') i += 1;
    else if (c === '[') i = closingBracket(source, i);
    else if (c === '(') depth += 1;
    else if (c === ')' && --depth === 0) return i;
  }
  return source.length;
}

/** The index of the `]` closing the class opened at `open` (in JavaScript the first one not escaped: `[]` is an empty class). */
function closingBracket(source: string, open: number): number {
  for (let i = open + 1; i < source.length; i += 1) {
    const c = source[i];
    if (c === '\\') i += 1;
    else if (c === ']') return i;
  }
  return source.length;
}

/** A requirement whose literals are numbered by a LiteralIndex. */
type NumberedRequirement = number | { readonly any: readonly NumberedRequirement[] } | { readonly all: readonly NumberedRequirement[] };

/**
 * The literals of a list of patterns, found in a text in one pass (an Aho–Corasick automaton):
 * whether each pattern may match is then read from what was found, rather than with one
 * `includes` per literal per pattern (the Spanish question forms hold 1,189 literals).
 */
export class LiteralIndex {
  private readonly requirements: readonly (NumberedRequirement | null)[];
  private readonly next: Map<string, number>[] = [new Map()];
  private readonly fail: number[] = [0];
  private readonly output: number[][] = [[]];
  private readonly literalCount: number;

  constructor(requirements: readonly (Requirement | null)[]) {
    const numbers = new Map<string, number>();
    const numberOf = (literal: string): number => {
      let id = numbers.get(literal);
      if (id === undefined) {
        id = numbers.size;
        numbers.set(literal, id);
        this.insert(literal, id);
      }
      return id;
    };
    const numbered = (requirement: Requirement): NumberedRequirement =>
      typeof requirement === 'string' ? numberOf(requirement) : 'any' in requirement ? { any: requirement.any.map(numbered) } : { all: requirement.all.map(numbered) };
    this.requirements = requirements.map((requirement) => (requirement === null ? null : numbered(requirement)));
    this.literalCount = numbers.size;
    this.link();
  }

  /** Which literals `text` holds: `found[id]` is 1 for each. */
  scan(text: string): Uint8Array {
    const found = new Uint8Array(this.literalCount);
    let state = 0;
    for (const char of text) {
      let to = this.next[state]?.get(char);
      while (to === undefined && state !== 0) {
        state = this.fail[state] ?? 0;
        to = this.next[state]?.get(char);
      }
      state = to ?? 0;
      for (const id of this.output[state] ?? []) found[id] = 1;
    }
    return found;
  }

  /** Whether the text `found` was scanned from holds what pattern `index` requires. */
  mayMatch(index: number, found: Uint8Array): boolean {
    return holds(this.requirements[index] ?? null, found);
  }

  private insert(literal: string, id: number): void {
    let state = 0;
    for (const char of literal) {
      const edges = this.next[state] as Map<string, number>;
      let to = edges.get(char);
      if (to === undefined) {
        to = this.next.length;
        this.next.push(new Map());
        this.fail.push(0);
        this.output.push([]);
        edges.set(char, to);
      }
      state = to;
    }
    this.output[state]?.push(id);
  }

  /** Failure links, breadth first, each state also reporting the literals its longest proper suffix state reports. */
  private link(): void {
    const queue = [...(this.next[0] as Map<string, number>).values()];
    for (let at = 0; at < queue.length; at += 1) {
      const state = queue[at] as number;
      for (const [char, to] of this.next[state] as Map<string, number>) {
        let back = this.fail[state] ?? 0;
        while (back !== 0 && !this.next[back]?.has(char)) back = this.fail[back] ?? 0;
        const target = this.next[back]?.get(char);
        this.fail[to] = target !== undefined && target !== to ? target : 0;
        this.output[to]?.push(...(this.output[this.fail[to] ?? 0] ?? []));
        queue.push(to);
      }
    }
  }
}

function holds(requirement: NumberedRequirement | null, found: Uint8Array): boolean {
  if (requirement === null) return true;
  if (typeof requirement === 'number') return found[requirement] === 1;
  if ('any' in requirement) {
    for (const branch of requirement.any) if (holds(branch, found)) return true;
    return false;
  }
  for (const item of requirement.all) if (!holds(item, found)) return false;
  return true;
}
