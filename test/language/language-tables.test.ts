import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RuleFilesError, type RuleProblem } from '../../src/knowledge/rule-problem.js';
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

/** The problems a RuleFilesError thrown by `load` lists; fails if it throws anything else or nothing. */
function problemsOf(load: () => unknown): readonly RuleProblem[] {
  try {
    load();
  } catch (error) {
    if (error instanceof RuleFilesError) return error.problems;
    throw error;
  }
  throw new Error('expected the load to fail');
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
    ['a missing intent', 'intents.json', (j: Json) => j.intents.splice(0, 1), '$.intents', /intent "country_list" is missing/],
    ['an invalid regular expression', 'intents.json', (j: Json) => (j.intents[3].patterns = [{ weight: 2, regex: '(' }]), '$.intents[3].patterns[0].regex', /must be a valid JavaScript regular expression/],
    ['an empty phrase', 'intents.json', (j: Json) => j.intents[2].signals[0].phrases.push(''), /^\$\.intents\[2\]\.signals\[0\]\.phrases\[\d+\]$/, /must not be empty/],
    ['a route to an unknown capability', 'intents.json', (j: Json) => (j.intents[0].route.capability = 'weather'), '$.intents[0].route.capability', /"weather" is not allowed/],
    ['an intent kept apart that is no intent', 'intents.json', (j: Json) => (j.answered_apart.from.refusal_appeal = ['weather']), '$.answered_apart.from.refusal_appeal[0]', /"weather"|Invalid option/],
    ['a lower-case country code', 'countries.json', (j: Json) => (j.schengen[0].code = 'at'), '$.schengen[0].code', /must be an upper-case ISO 3166-1 alpha-2 code/],
    ['a missing Schengen state', 'countries.json', (j: Json) => j.schengen.pop(), '$.schengen', /must list the 29 Schengen states/],
    ['a city listed for two countries', 'countries.json', (j: Json) => j.schengen[1].cities.push('vienna'), /^\$\.schengen\[1\]\.cities\[\d+\]$/, /"vienna" is already listed for AT/],
    ['an ordinary word that is not one of the country\'s terms', 'countries.json', (j: Json) => (j.schengen[0].ordinary_words = ['turkey']), '$.schengen[0].ordinary_words[0]', /"turkey" is not one of the names, demonyms or cities of AT/],
    ['a duration unit that is not a whole number of days', 'durations.json', (j: Json) => (j.units.week = 7.5), '$.units.week', /expected int|integer/],
    ['an invalid question form', 'asks.json', (j: Json) => j.kinds[0].forms.push('(how much'), /^\$\.kinds\[0\]\.forms\[\d+\]$/, /must be a valid JavaScript regular expression/],
    ['an asked kind answered by an unknown fact kind', 'asks.json', (j: Json) => (j.kinds[0].answered_by_kinds = ['banknote']), '$.kinds[0].answered_by_kinds[0]', /"banknote"|Invalid option/],
    ['an asked kind with neither cues nor forms', 'asks.json', (j: Json) => j.kinds.push({ id: 'empty', description: 'nothing', answered_by: [] }), /^\$\.kinds\[\d+\]$/, /needs cues or forms/],
    ['a fact cue under a topic that is not a general topic', 'fact-cues.json', (j: Json) => (j.topics.weather = { 'fees.adult': ['rain'] }), '$.topics', /unknown key "weather"/],
    ['a fact cue with no phrase', 'fact-cues.json', (j: Json) => (j.topics.fees['fees.adult'] = []), '$.topics.fees.fees.adult', /too small|at least 1/i],
    ['an unknown employment status', 'profile.json', (j: Json) => (j.employment.pirate = ['pirate']), '$.employment', /unknown key "pirate"/],
  ])('reject %s, naming the file, the JSON path, the problem and a fix', (_label, file, edit, path, message) => {
    const dir = tablesWith(file, edit);
    const problems = problemsOf(() => loadLanguageTables(dir));
    const problem = problems.find((p) => p.file === `language/${file}` && (typeof path === 'string' ? p.path === path : path.test(p.path)));
    expect(problem, JSON.stringify(problems, null, 1)).toBeDefined();
    expect(problem?.message).toMatch(message);
    expect(problem?.fix.length).toBeGreaterThan(0);
  });

  it('report the problems of every table file at once, not only the first', () => {
    const dir = tablesWith('intents.json', (j) => j.intents.splice(0, 1));
    const profile = JSON.parse(readFileSync(join(dir, 'profile.json'), 'utf8')) as Json;
    profile.employment.pirate = ['pirate'];
    writeFileSync(join(dir, 'profile.json'), JSON.stringify(profile));
    expect(new Set(problemsOf(() => loadLanguageTables(dir)).map((p) => p.file))).toEqual(new Set(['language/intents.json', 'language/profile.json']));
  });

  it('reject a missing file, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'language-'));
    dirs.push(dir);
    const problems = problemsOf(() => loadLanguageTables(dir));
    expect(problems.map((p) => p.file)).toContain('language/intents.json');
    expect(problems[0]?.message).toMatch(/cannot read .*intents\.json/);
  });
});
