import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LiteralIndex, requiredLiterals } from '../../src/lib/required-literals.js';
import { tokenizeText } from '../../src/language/tokenize-question.js';

// The literal prefilter of the tables' question forms (src/lib/required-literals.ts): a form is
// run only on a text holding what every match of it contains, so it must never rule out a text
// the form matches.

describe('requiredLiterals reads what every match contains', () => {
  it.each([
    ['za сколько', 'za сколько'],
    ['(?:(?<= )|(?= ))за сколько(?:(?<= )|(?= ))', 'за сколько'],
    ['\\b(opening|office) (hours|times)\\b', { all: [{ any: ['opening', 'office'] }, { any: ['hours', 'times'] }] }],
    ['\\bphone numbers?\\b', 'phone number'],
    ['(visa )?fees?', 'fee'],
    ['\\bvisa (\\w+ ){0,3}refused\\b', { all: ['visa ', 'refused'] }],
    ['\\b(who|what) to contact\\b|\\bcontact details\\b', { any: [{ all: [{ any: ['who', 'what'] }, ' to contact'] }, 'contact details'] }],
    ['(?<name>embassy) hours', { all: ['embassy', ' hours'] }],
  ])('%s', (source, expected) => expect(requiredLiterals(source)).toEqual(expected));

  it.each([
    // Nothing is required where an alternative, a group or a character may be left out.
    '\\b(a|an|the)\\b',
    '\\b(ab|visa fee)\\b',
    '[a-z]+ \\d+',
    '(?=visa)v',
    '(^| )(x|y)',
  ])('requires nothing it cannot be sure of in %s', (source) => expect(requiredLiterals(source)).toBeNull());

  it('looks for the literals of every branch of an alternation', () => {
    const index = new LiteralIndex([requiredLiterals('\\b(opening|office) (hours|times)\\b'), null]);
    expect(index.mayMatch(0, index.scan(' what are the office times '))).toBe(true);
    expect(index.mayMatch(0, index.scan(' what are the office fees '))).toBe(false);
    expect(index.mayMatch(1, index.scan('anything'))).toBe(true);
  });
});

describe('the prefilter never rules out a text a table form matches', () => {
  const dir = 'rules/language';
  const sources: string[] = [];
  for (const file of readdirSync(dir).filter((name) => /^[a-z]{2}\.json$/.test(name))) {
    const tables = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { asks?: Record<string, { forms?: string[] }>; patterns?: Record<string, { regex: string }[]> };
    for (const kind of Object.values(tables.asks ?? {})) sources.push(...(kind.forms ?? []));
    for (const forms of Object.values(tables.patterns ?? {})) sources.push(...forms.map((form) => form.regex));
  }
  const asks = JSON.parse(readFileSync(join(dir, 'asks.json'), 'utf8')) as { kinds: { forms?: string[] }[] };
  for (const kind of asks.kinds) sources.push(...(kind.forms ?? []));
  const intents = JSON.parse(readFileSync(join(dir, 'intents.json'), 'utf8')) as { intents: { patterns?: { regex: string }[] }[] };
  for (const intent of intents.intents) sources.push(...(intent.patterns ?? []).map((pattern) => pattern.regex));

  // Every real question, normalised as the classifier reads it: the property holds whatever the
  // text, and these are texts on which the forms do match (more than a thousand times).
  const realDir = 'fixtures/questions/real';
  const texts: string[] = [];
  const normalised = (text: string) => ` ${tokenizeText(text).map((token) => token.word).join(' ')} `;
  for (const file of readdirSync(realDir).filter((name) => name.endsWith('.json'))) {
    const { cases } = JSON.parse(readFileSync(join(realDir, file), 'utf8')) as { cases: { question: string }[] };
    for (const { question } of cases) texts.push(normalised(question));
  }

  it('holds for every form and pattern of the twelve languages on every real question', () => {
    expect(sources.length).toBeGreaterThan(2000);
    expect(texts.length).toBeGreaterThan(7000);
    const missed: string[] = [];
    let matched = 0;
    let skipped = 0;
    const regexes = sources.map((source) => new RegExp(source));
    const index = new LiteralIndex(sources.map(requiredLiterals));
    for (const text of texts) {
      const found = index.scan(text);
      regexes.forEach((regex, at) => {
        const may = index.mayMatch(at, found);
        if (!may) skipped++;
        if (regex.test(text)) {
          matched++;
          if (!may) missed.push(`/${sources[at]}/ on "${text}"`);
        }
      });
    }
    expect(missed).toEqual([]);
    expect(matched).toBeGreaterThan(1000);
    // The point of it: most (form, text) pairs are ruled out without running the form.
    expect(skipped / (sources.length * texts.length)).toBeGreaterThan(0.8);
  }, 120_000);
});

describe('LiteralIndex finds every literal in one pass', () => {
  it('overlapping literals, one inside another and across words, are all found', () => {
    const index = new LiteralIndex([requiredLiterals('\\bvisa fee\\b'), requiredLiterals('\\b(isa|fees?)\\b'), requiredLiterals('\\bschengen (visa|area)\\b'), null, requiredLiterals('\\b(overstay|stay)ed\\b')]);
    const may = (text: string) => [0, 1, 2, 3, 4].map((at) => index.mayMatch(at, index.scan(text)));
    expect(may(' what is the visa fee ')).toEqual([true, true, false, true, false]);
    expect(may(' the schengen area ')).toEqual([false, false, true, true, false]);
    expect(may(' i overstayed ')).toEqual([false, false, false, true, true]);
    expect(may(' isa ')).toEqual([false, true, false, true, false]);
    expect(may('')).toEqual([false, false, false, true, false]);
  });
});
