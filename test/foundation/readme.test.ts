import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_REFERENCE, ConfigSchema, parseConfig, type Config } from '../../src/config.js';
import { FACT_KINDS, FACT_VALUE_SCHEMAS } from '../../src/knowledge/fact-values.js';
import { CONTRACT_DECISIONS } from '../../src/openapi/contract-decisions.js';
import { SUPPORTED_LANGUAGES } from '../../src/language/identify-language.js';
import { GETTING_STARTED } from '../../src/openapi/getting-started.js';
import { loadRealCorpus } from '../../src/quality/real-questions.js';
import { doc, firstTable, readme, renderTable, section, unquote } from './markdown-tables.js';

describe('README', () => {
  it('opens with the two commands a newcomer runs: npm ci && npm start, then npm test', () => {
    const text = readme();
    const firstHeading = text.split('\n').find((line) => line.startsWith('## '));
    expect(firstHeading).toBe('## Start here');
    const blocks = [...section(text, 'Start here').matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]?.trim());
    expect(blocks.slice(0, 2)).toEqual(['npm ci && npm start', 'npm test']);
  });

  it('then gets a key and makes the calls of the /docs getting-started, as they are written there', () => {
    const start = section(readme(), 'Start here');
    for (const step of GETTING_STARTED) for (const command of step.commands) expect(start, step.title).toContain(command);
    expect(start.match(/^curl /gm)).toHaveLength(3);
    expect(start).toContain('http://127.0.0.1:3000/docs');
  });

  it('.ci/run installs from the lockfile and runs the README test command', () => {
    const script = readFileSync('.ci/run', 'utf8');
    expect(script).toMatch(/set -euo pipefail/);
    const ci = script.search(/^npm ci\b/m);
    const test = script.search(/^npm test\b/m);
    expect(ci, script).toBeGreaterThan(-1);
    expect(test, script).toBeGreaterThan(ci);
  });

  it('npm test runs the type-check, the lint and the tests', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.test).toBe('npm run typecheck && npm run lint && vitest run');
    expect(pkg.scripts.lint).not.toMatch(/\|\|\s*true/);
  });

  it('the README documents every configuration variable with its default and meaning, as src/config.ts has them', () => {
    const expected = Object.entries(CONFIG_REFERENCE).map(([name, row]) => [`\`${name}\``, `\`${row.default}\``, row.meaning]);
    const actual = firstTable(section(readme(), 'Configuration'));
    expect(actual, `README "## Configuration" should hold:\n${renderTable(['Variable', 'Default', 'Meaning'], expected)}`).toEqual(expected);
  });

  it('has a reference row for every variable the config schema reads', () => {
    expect(Object.keys(CONFIG_REFERENCE).sort()).toEqual(Object.keys(ConfigSchema.shape).sort());
  });

  it.each(Object.entries(CONFIG_REFERENCE).filter(([, row]) => !row.default.startsWith('(')))(
    'the documented default of %s is the default the server uses',
    (name, row) => {
      const key = name as keyof Config;
      expect(parseConfig({ [name]: row.default })[key]).toEqual(parseConfig({})[key]);
    },
  );

  it.each(Object.entries(CONFIG_REFERENCE).filter(([, row]) => row.default.startsWith('(')))('%s has no value by default', (name) => {
    const value = parseConfig({})[name as keyof Config];
    expect(value === undefined || (Array.isArray(value) && value.length === 0), JSON.stringify(value)).toBe(true);
  });

  it('gives, in "## How well it reads questions", the number of cases each part of the real-question corpus holds', () => {
    const text = section(readme(), 'How well it reads questions');
    const count = (language: string, part: string) => loadRealCorpus('fixtures/questions/real', language).find((p) => p.part === part)?.cases.length;
    const english = firstTable(text).map((row) => row[0]);
    expect(english).toEqual([`dev (${count('en', 'dev')})`, `held-out (${count('en', 'held-out')})`]);
    const languages = firstTable(text.slice(text.indexOf('| language |'))).map((row) => [row[0], row[1], row[4]]);
    const expected = SUPPORTED_LANGUAGES.filter((l) => l !== 'en').map((l) => [l, String(count(l, 'dev')), String(count(l, 'held-out'))]);
    expect(languages).toEqual(expected);
  });

  it('docs/decisions.md lists every decision on the spec\'s "not shown" items, as the OpenAPI document does', () => {
    const expected = CONTRACT_DECISIONS.map((row) => [row.topic, row.decision]);
    const actual = firstTable(section(doc('docs/decisions.md'), 'Decisions on what the specification leaves open'));
    expect(actual, `docs/decisions.md table should be:\n${renderTable(['Open point (spec section)', 'Decision'], expected)}`).toEqual(expected);
    for (const row of CONTRACT_DECISIONS) expect(row.decision, row.topic).not.toContain('|');
  });

  it('docs/contract.md lists every kind of fact with its value, as src/knowledge/fact-values.ts has them', () => {
    const expected = FACT_KINDS.map((kind) => [`\`${kind}\``, (FACT_VALUE_SCHEMAS[kind].meta() as { description?: string } | undefined)?.description ?? '']);
    const actual = firstTable(section(doc('docs/contract.md'), 'Kinds of facts'));
    expect(actual, `docs/contract.md "## Kinds of facts" should hold:\n${renderTable(['Kind', 'Value'], expected)}`).toEqual(expected);
  });

  it('every relative link of the README, the CHANGELOG and docs/ names a file that exists, and a heading of it', () => {
    const pages = ['README.md', 'CHANGELOG.md', ...readdirSync('docs').filter((name) => name.endsWith('.md')).map((name) => join('docs', name))];
    const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
    const anchorsOf = (page: string) => new Set(doc(page).split('\n').filter((line) => /^#{1,6} /.test(line)).map((line) => slug(line.replace(/^#+ /, ''))));
    const broken: string[] = [];
    for (const page of pages) {
      for (const [, target = ''] of doc(page).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target) || target.startsWith('/')) continue;
        const [file = '', anchor] = target.split('#');
        const path = file ? join(dirname(page), file) : page;
        if (!existsSync(path)) broken.push(`${page}: ${target} (no file ${path})`);
        else if (anchor && path.endsWith('.md') && !anchorsOf(path).has(anchor)) broken.push(`${page}: ${target} (no heading #${anchor} in ${path})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(['NODE_ENV', 'HOST=0.0.0.0', 'DATABASE_URL', 'TRUST_PROXY', 'SIGTERM', 'SIGHUP', '/readyz'])('docs/operations.md production section covers %s', (term) => {
    expect(section(doc('docs/operations.md'), 'Running in production')).toContain(term);
  });

  it('names each error code as code, not prose', () => {
    for (const row of firstTable(section(readme(), 'Errors'))) expect(row[0], JSON.stringify(row)).toMatch(/^`[a-z_]+`$/);
    expect(firstTable(section(readme(), 'Errors')).map((row) => unquote(row[0] ?? ''))).toContain('internal_error');
  });
});
