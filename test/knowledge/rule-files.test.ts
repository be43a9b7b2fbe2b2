import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkKnowledge, loadKnowledge } from '../../src/knowledge/load-knowledge.js';
import { RuleFilesError, type RuleProblem } from '../../src/knowledge/rule-problem.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- rule files are edited as free JSON here

/** A copy of the shipped rules with one file edited, as a domain expert would. */
function rulesWith(file: string, edit: (json: Json) => Json | string): string {
  const dir = mkdtempSync(join(tmpdir(), 'rules-'));
  dirs.push(dir);
  cpSync('rules', dir, { recursive: true });
  const path = join(dir, file);
  const edited = edit(JSON.parse(readFileSync(path, 'utf8')) as Json);
  writeFileSync(path, typeof edited === 'string' ? edited : JSON.stringify(edited, null, 2));
  return dir;
}

function problemsOf(dir: string): RuleProblem[] {
  return checkKnowledge(dir, '2026-11-22').problems;
}

describe('the shipped rules', () => {
  it('load with no problem: 29 states, every one with a country and a financial file', () => {
    const { knowledge, problems, files } = checkKnowledge('rules');
    expect(problems, JSON.stringify(problems, null, 2)).toEqual([]);
    expect(knowledge?.memberCodes()).toHaveLength(29);
    expect(files).toBeGreaterThanOrEqual(29 * 2 + 12 + 4);
  });
});

/** Each broken edit and the problem the report must give: file, JSON path and what is wrong. */
const BROKEN: { name: string; file: string; edit: (json: Json) => Json | string; expected: Partial<Omit<RuleProblem, 'message'>> & { message: RegExp } }[] = [
  {
    name: 'a negative amount',
    file: 'financial/fr.json',
    edit: (j) => ((j.variants[0].bands[0].calculation.per_day = -120), j),
    expected: { file: 'financial/fr.json', path: '$.variants[0].bands[0].calculation.per_day', message: /positive amount \(got -120\)/ },
  },
  {
    name: 'an unknown source id',
    file: 'countries/fr.json',
    edit: (j) => ((j.authority.sources = ['france-visa']), j),
    expected: { file: 'countries/fr.json', path: '$.authority.sources[0]', message: /source "france-visa" is not in sources\.json/ },
  },
  {
    name: 'invalid JSON',
    file: 'financial/pl.json',
    edit: () => '{ "country": "PL", }',
    expected: { file: 'financial/pl.json', path: '$', message: /not valid JSON.*line 1/ },
  },
  {
    name: 'a date that is not a calendar date',
    file: 'general/fees.json',
    edit: (j) => ((j.facts[0].last_verified_at = '2026-02-30'), j),
    expected: { file: 'general/fees.json', path: '$.facts[0].last_verified_at', message: /not a calendar date/ },
  },
  {
    name: 'a verification date in the future',
    file: 'sources.json',
    edit: (j) => ((j.sources[0].last_checked_at = '2030-01-01'), j),
    expected: { file: 'sources.json', path: '$.sources[0].last_checked_at', message: /in the future/ },
  },
  {
    name: 'a null value without a reason',
    file: 'general/etias.json',
    edit: (j) => ((j.facts[0].value = null), j),
    expected: { file: 'general/etias.json', path: '$.facts[0].reason', message: /null needs a "reason"/ },
  },
  {
    name: 'a fact that holds in place of others for some nationals, naming no nationals',
    file: 'general/fees.json',
    edit: (j) => (delete j.facts.find((fact: Json) => fact.id === 'fees.facilitation_agreement').for_nationalities, j),
    expected: { file: 'general/fees.json', message: /"for_nationalities" and "replaces" go together/ },
  },
  {
    name: 'a fact that holds in place of a fact its file does not hold',
    file: 'general/fees.json',
    edit: (j) => ((j.facts.find((fact: Json) => fact.id === 'fees.facilitation_agreement').replaces = ['fees.adult', 'etias.fee']), j),
    expected: { file: 'general/fees.json', message: /"etias\.fee" is not another fact of fees\.json/ },
  },
  {
    name: 'a gap between day bands',
    file: 'financial/it.json',
    edit: (j) => ((j.variants[0].bands[1].days.to = 8), j),
    expected: { file: 'financial/it.json', path: '$.variants[0].bands', message: /no band covers day\(s\) 9-10/ },
  },
  {
    name: 'overlapping day bands',
    file: 'financial/pl.json',
    edit: (j) => ((j.variants[0].bands[1].days.from = 3), j),
    expected: { file: 'financial/pl.json', path: '$.variants[0].bands', message: /more than one band covers day\(s\) 3-4/ },
  },
  {
    name: 'a state missing from the financial files',
    file: 'financial/se.json',
    edit: (j) => ((j.country = 'XX'), j),
    expected: { file: 'financial/se.json', path: '$.country', message: /named se\.json but its country is "XX"/ },
  },
  {
    name: 'a non-member that is also a member',
    file: 'non-members.json',
    edit: (j) => (j.non_members.push({ iso2: 'FR', name: 'France', reason: 'test', sources: [] }), j),
    expected: { file: 'non-members.json', message: /FR is listed as a Schengen state/ },
  },
  {
    name: 'a duplicate fact id',
    file: 'general/passport.json',
    edit: (j) => ((j.facts[1].id = j.facts[0].id), j),
    expected: { file: 'general/passport.json', path: '$.facts[1].id', message: /duplicate fact id "passport\.valid_months_after_departure"/ },
  },
  {
    name: 'a misspelt key',
    file: 'countries/de.json',
    edit: (j) => ((j.state_specfic = []), j),
    expected: { file: 'countries/de.json', path: '$', message: /unknown key "state_specfic"/ },
  },
  {
    name: 'an unknown calculation method',
    file: 'financial/nl.json',
    edit: (j) => ((j.variants[0].bands[0].calculation.method = 'per_week'), j),
    expected: { file: 'financial/nl.json', path: '$.variants[0].bands[0].calculation.method', message: /"per_week" is not allowed as a calculation method/ },
  },
  {
    name: 'a reference to a general fact that does not exist',
    file: 'countries/at.json',
    edit: (j) => ((j.common_rules[0] = 'fees.adults'), j),
    expected: { file: 'countries/at.json', path: '$.common_rules[0]', message: /"fees\.adults" is not a fact/ },
  },
  {
    name: 'two default variants',
    file: 'financial/be.json',
    edit: (j) => ((j.variants[1].default = true), j),
    expected: { file: 'financial/be.json', path: '$.variants', message: /2 variants are marked "default": true/ },
  },
];

describe('a broken rule file is reported with its file, JSON path, problem and fix', () => {
  it.each(BROKEN)('$name', ({ file, edit, expected }) => {
    const problems = problemsOf(rulesWith(file, edit));
    const { message, ...where } = expected;
    const match = problems.find((p) => message.test(p.message) && Object.entries(where).every(([k, v]) => p[k as keyof RuleProblem] === v));
    expect(match, JSON.stringify(problems, null, 2)).toBeDefined();
    expect(match?.fix.length).toBeGreaterThan(10);
  });

  it('loadKnowledge throws RuleFilesError carrying every problem, and the message lists them', () => {
    const dir = rulesWith('financial/fr.json', (j) => ((j.variants[0].bands[0].calculation.per_day = 0), (j.currency = 'euro'), j));
    let error: unknown;
    try {
      loadKnowledge(dir, '2026-11-22');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RuleFilesError);
    const problems = (error as RuleFilesError).problems;
    expect(problems.map((p) => p.path).sort()).toEqual(['$.currency', '$.variants[0].bands[0].calculation.per_day']);
    expect((error as Error).message).toContain('financial/fr.json $.currency');
  });
});
