/** A phrase found in a question: words [start, end) and every value the phrase stands for. */
export interface PhraseMatch<T> {
  start: number;
  end: number;
  values: readonly T[];
}

interface Entry<T> {
  words: readonly string[];
  values: T[];
}

/**
 * Phrases (arrays of normalised words) indexed by their first word, longest first, so finding
 * the phrases of a question costs one map look-up per word. Built once when the tables load;
 * read-only afterwards.
 */
export class PhraseIndex<T> {
  private readonly byFirstWord = new Map<string, Entry<T>[]>();

  /**
   * `base`: an index this one extends without copying it (the English country terms under the
   * CLDR names of one language); look-ups see the phrases of both, the longest first.
   */
  /**
   * `gapWords`: words a phrase matches across, one at most between two of its words and never
   * before its first (articles: "sacar visa" finds "sacar la visa"), in matchAt and findAll (not
   * endsAt). None by default.
   */
  constructor(
    private readonly base?: PhraseIndex<T>,
    private readonly gapWords: ReadonlySet<string> = new Set(),
  ) {}

  /** This index's entries and the base's for a first word, longest first. */
  private entriesOf(first: string): readonly Entry<T>[] | undefined {
    const own = this.byFirstWord.get(first);
    const inherited = this.base?.entriesOf(first);
    if (!own || !inherited) return own ?? inherited;
    return [...own, ...inherited].sort((a, b) => b.words.length - a.words.length);
  }

  /** Adds a phrase; the same words added twice keep both values. Empty phrases are ignored. */
  add(words: readonly string[], value: T): void {
    const first = words[0];
    if (first === undefined) return;
    const entries = this.byFirstWord.get(first) ?? [];
    const existing = entries.find((entry) => sameWords(entry.words, words));
    if (existing) {
      existing.values.push(value);
    } else {
      entries.push({ words, values: [value] });
      entries.sort((a, b) => b.words.length - a.words.length);
    }
    this.byFirstWord.set(first, entries);
  }

  /** The longest phrase starting at `start`, or null. */
  matchAt(words: readonly string[], start: number): PhraseMatch<T> | null {
    const first = words[start];
    if (first === undefined) return null;
    const entries = this.entriesOf(first);
    if (!entries) return null;
    for (const entry of entries) {
      if (start + entry.words.length > words.length) continue;
      const end = phraseEnd(entry.words, words, start, this.gapWords);
      if (end !== null) return { start, end, values: entry.values };
    }
    return null;
  }

  /**
   * Left to right, the longest phrase at each position; matched words are consumed, so
   * "self employed" is found and "employed" inside it is not. `skip[i]` true hides word i.
   */
  findAll(words: readonly string[], skip?: readonly boolean[]): PhraseMatch<T>[] {
    const found: PhraseMatch<T>[] = [];
    let i = 0;
    while (i < words.length) {
      const match = skip?.[i] ? null : this.matchAt(words, i);
      if (match && !(skip && anySkipped(skip, match.start, match.end))) {
        found.push(match);
        i = match.end;
      } else {
        i++;
      }
    }
    return found;
  }

  /** Whether the words ending just before `end` form one of the phrases. */
  endsAt(words: readonly string[], end: number): PhraseMatch<T> | null {
    for (let start = end - 1; start >= 0 && start >= end - 6; start--) {
      const first = words[start];
      const entries = first === undefined ? undefined : this.entriesOf(first);
      if (!entries) continue;
      for (const entry of entries) {
        if (start + entry.words.length !== end) continue;
        if (entry.words.every((word, k) => words[start + k] === word)) return { start, end, values: entry.values };
      }
    }
    return null;
  }

  /** Every word that starts or continues a phrase: the known vocabulary of the index. */
  vocabulary(): Set<string> {
    const words = this.base?.vocabulary() ?? new Set<string>();
    for (const entries of this.byFirstWord.values()) for (const entry of entries) for (const word of entry.words) words.add(word);
    return words;
  }
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((word, i) => word === b[i]);
}

function anySkipped(skip: readonly boolean[], start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (skip[i]) return true;
  return false;
}

/**
 * Where the phrase whose first word stands at `start` ends in the words, or null: its words follow
 * one another, with one gap word at most before each of them after the first.
 */
function phraseEnd(phrase: readonly string[], words: readonly string[], start: number, gapWords: ReadonlySet<string>): number | null {
  let at = start + 1;
  for (let k = 1; k < phrase.length; k++) {
    if (words[at] !== phrase[k]) {
      if (!gapWords.has(words[at] ?? '') || words[at + 1] !== phrase[k]) return null;
      at++;
    }
    at++;
  }
  return at;
}
