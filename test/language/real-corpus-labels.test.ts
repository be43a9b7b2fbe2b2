import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../src/language/identify-language.js';
import { INTENTS, loadLanguageTables, type Intent } from '../../src/language/language-tables.js';
import { NULL_KINDS, loadRealCorpus, siteOf } from '../../src/quality/real-questions.js';

// The real-question corpus is labelled by the rules of fixtures/questions/real/README.md; these
// checks keep every case of every language to them, so a miscount in the README's tables is a
// miss of the service, never a label that breaks the corpus' own rules.
const DIR = 'fixtures/questions/real';
const tables = loadLanguageTables('rules/language');
const guide = readFileSync(`${DIR}/README.md`, 'utf8');
const parts = SUPPORTED_LANGUAGES.flatMap((language) => loadRealCorpus(DIR, language).map((part) => ({ name: `${language}.${part.part}`, ...part })));

const HELD_OUT_DIGITS = '01234';

/** The operation POST /route names for an intent, written as the corpus writes it ("GET /countries"). */
function operationOf(intent: string): string | null {
  const route = (INTENTS as readonly string[]).includes(intent) ? tables.routes.get(intent as Intent) : null;
  return route ? `${route.method} ${route.path}` : null;
}

describe.each(parts)('real-question corpus $name', ({ cases }) => {
  it('labels each case by the guide: a known intent, its operation, a topic or a reason for null', () => {
    const wrong = cases.flatMap((c) => {
      const problems: string[] = [];
      if (!(INTENTS as readonly string[]).includes(c.intent)) problems.push(`intent ${c.intent} is not an intent of the tables`);
      if (c.operation !== operationOf(c.intent)) problems.push(`operation ${String(c.operation)}, the intent routes to ${String(operationOf(c.intent))}`);
      if (c.answerable !== (c.topic !== null)) problems.push('answerable cases name a topic, the others none');
      if (c.answerable !== (c.null_kind === null)) problems.push('cases that must be null say why (null_kind), the others do not');
      return problems.map((p) => `${c.question}: ${p}`);
    });
    expect(cases.length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});

describe.each(parts.filter((p) => p.part === 'held-out'))('real-question corpus $name', ({ cases }) => {
  it('holds only sites of the held-out side (first hex digit of md5(site) 0-4)', () => {
    const misplaced = cases.map((c) => siteOf(c.source_url)).filter((site) => !HELD_OUT_DIGITS.includes(createHash('md5').update(site).digest('hex').charAt(0)));
    expect(misplaced).toEqual([]);
  });
});

describe('the split by site', () => {
  it('never puts one site in a dev part and a held-out part, in any language', () => {
    const sitesOf = (p: string) => new Set(parts.filter((x) => x.part === p).flatMap((x) => x.cases.map((c) => siteOf(c.source_url))));
    const heldOut = sitesOf('held-out');
    expect(heldOut.size).toBeGreaterThan(0);
    expect([...sitesOf('dev')].filter((site) => heldOut.has(site))).toEqual([]);
  });
});

describe('the labelling guide (fixtures/questions/real/README.md)', () => {
  it('explains every null_kind the corpus format accepts and every intent the tables define', () => {
    const named = (word: string) => guide.includes(`\`${word}\``);
    expect(NULL_KINDS.filter((kind) => !named(kind))).toEqual([]);
    expect(INTENTS.filter((intent) => !named(intent))).toEqual([]);
  });
});
