import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INTENTS, loadLanguageTables } from '../../src/language/language-tables.js';
import { tables } from './tables.js';

type Json = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- test edits of arbitrary JSON

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of rules/language with one file edited. */
function tablesWith(file: string, edit: (json: Json) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'language-'));
  dirs.push(dir);
  cpSync('rules/language', dir, { recursive: true });
  const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Json;
  edit(json);
  writeFileSync(join(dir, file), JSON.stringify(json));
  return dir;
}

describe('language tables', () => {
  it('load from rules/language with a route for every intent but out_of_scope and unknown', () => {
    for (const intent of INTENTS) {
      const route = tables.routes.get(intent);
      if (intent === 'out_of_scope' || intent === 'unknown') expect(route).toBeNull();
      else expect(route, intent).toMatchObject({ method: expect.stringMatching(/^(GET|POST)$/), path: expect.stringMatching(/^\//) });
    }
  });

  it.each([
    ['a missing intent', 'intents.json', (j: Json) => j.intents.splice(0, 1), /intents\.json \$\.intents: intent "country_list" is missing/],
    ['an invalid regular expression', 'intents.json', (j: Json) => (j.intents[3].patterns = [{ weight: 2, regex: '(' }]), /intents\.json \$\.intents\.3\.patterns\.0\.regex: must be a valid JavaScript regular expression/],
    ['an empty phrase', 'intents.json', (j: Json) => j.intents[2].signals[0].phrases.push(''), /intents\.json \$\.intents\.2\.signals\.0\.phrases\.\d+: must not be empty/],
    ['a route to an unknown capability', 'intents.json', (j: Json) => (j.intents[0].route.capability = 'weather'), /intents\.json \$\.intents\.0\.route\.capability/],
    ['a lower-case country code', 'countries.json', (j: Json) => (j.schengen[0].code = 'at'), /countries\.json \$\.schengen\.0\.code: must be an upper-case ISO 3166-1 alpha-2 code/],
    ['a missing Schengen state', 'countries.json', (j: Json) => j.schengen.pop(), /countries\.json \$\.schengen: must list the 29 Schengen states/],
    ['a city listed for two countries', 'countries.json', (j: Json) => j.schengen[1].cities.push('vienna'), /countries\.json \$\.schengen\.1\.cities\.\d+: "vienna" is already listed for AT/],
    ['an ordinary word that is not one of the country\'s terms', 'countries.json', (j: Json) => (j.schengen[0].ordinary_words = ['turkey']), /countries\.json \$\.schengen\.0\.ordinary_words\.0: "turkey" is not one of the names, demonyms or cities of AT/],
    ['a duration unit that is not a whole number of days', 'durations.json', (j: Json) => (j.units.week = 7.5), /durations\.json \$\.units\.week/],
    ['an unknown employment status', 'profile.json', (j: Json) => (j.employment.pirate = ['pirate']), /profile\.json \$\.employment: Unrecognized key: "pirate"/],
  ])('reject %s, naming the file and the path', (_label, file, edit, message) => {
    const dir = tablesWith(file, edit);
    expect(() => loadLanguageTables(dir)).toThrow(message);
  });

  it('reject a missing file, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'language-'));
    dirs.push(dir);
    expect(() => loadLanguageTables(dir)).toThrow(/cannot read .*intents\.json/);
  });
});
