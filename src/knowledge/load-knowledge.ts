import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { CountryFileSchema, NonMembersFileSchema, type CountryFile, type NonMember } from './country-schemas.js';
import { countryFacts, Knowledge } from './knowledge.js';
import type { Fact } from './fact.js';
import { FinancialFileSchema, MAX_DAYS, type FinancialFile } from './financial-schemas.js';
import { GeneralFileSchema } from './general-schemas.js';
import { CommonRequirementsFileSchema, NationalRequirementsFileSchema } from './requirement-schemas.js';
import { jsonPath, problemsFromZod, RuleFilesError, type RuleProblem } from './rule-problem.js';
import { SourceRegistry, SourcesFileSchema } from './source-registry.js';
import { GENERAL_TOPICS, type GeneralTopic } from './topics.js';

/** The fact in `general/membership.json` that lists the Schengen states every file set must cover. */
export const MEMBERSHIP_STATES_FACT = 'membership.states';

/** What checking the rule files found: the knowledge when they are valid, and every problem. */
export interface KnowledgeCheck {
  knowledge: Knowledge | null;
  problems: RuleProblem[];
  /** How many files were read. */
  files: number;
}

/**
 * Reads and validates the knowledge part of a rules directory: every file against its schema,
 * then the cross-file rules (unique ids, every source reference resolves, the 29 states covered
 * by country and financial files, bands covering 1..90 days once, valid past dates, non-members
 * disjoint from members). Never throws for a bad file: every problem is reported with its file,
 * JSON path, what is wrong and how to fix it. `today` (YYYY-MM-DD) bounds verification dates.
 */
export function checkKnowledge(dir: string, today: string = new Date().toISOString().slice(0, 10)): KnowledgeCheck {
  const problems: RuleProblem[] = [];
  let files = 0;
  /** Every file that parsed as JSON, valid or not: source references are checked on all of them. */
  const raw: { file: string; json: unknown }[] = [];
  /** Files that exist but failed to parse or validate; no "missing file" problem is added for them. */
  const invalid = new Set<string>();

  function read<S extends z.ZodType>(file: string, schema: S): z.output<S> | null {
    const full = join(dir, file);
    if (!existsSync(full)) {
      problems.push({ file, path: '$', message: 'file is missing', fix: `Create ${file}; see docs/rules-guide.md for its layout.` });
      return null;
    }
    files += 1;
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(full, 'utf8'));
    } catch (error) {
      invalid.add(file);
      problems.push({ file, path: '$', message: `not valid JSON: ${describeJsonError(readFileSync(full, 'utf8'), error as Error)}`, fix: 'Fix the JSON syntax (a missing comma or quote, or a trailing comma, is the usual cause).' });
      return null;
    }
    raw.push({ file, json });
    checkDates(file, json, [], today, problems);
    const result = schema.safeParse(json, { reportInput: true });
    if (!result.success) {
      invalid.add(file);
      problems.push(...problemsFromZod(file, result.error));
      return null;
    }
    return result.data;
  }

  function listDir(sub: string): string[] {
    const full = join(dir, sub);
    if (!existsSync(full)) {
      problems.push({ file: `${sub}/`, path: '$', message: 'directory is missing', fix: `Create ${sub}/ with one JSON file per entry.` });
      return [];
    }
    return readdirSync(full).filter((name) => name.endsWith('.json')).sort();
  }

  const sourcesFile = read('sources.json', SourcesFileSchema);
  const nonMembersFile = read('non-members.json', NonMembersFileSchema);
  const commonFile = read('requirements/common.json', CommonRequirementsFileSchema);
  const nationalFile = read('requirements/national.json', NationalRequirementsFileSchema);

  const countries: { file: string; data: CountryFile }[] = [];
  for (const name of listDir('countries')) {
    const file = `countries/${name}`;
    const data = read(file, CountryFileSchema);
    if (!data) continue;
    if (name !== `${data.iso2.toLowerCase()}.json`) {
      problems.push({ file, path: '$.iso2', message: `the file is named ${name} but its iso2 is "${data.iso2}"`, fix: `Rename the file to ${data.iso2.toLowerCase()}.json or correct iso2.` });
    }
    countries.push({ file, data });
  }

  const financial: { file: string; data: FinancialFile }[] = [];
  for (const name of listDir('financial')) {
    const file = `financial/${name}`;
    const data = read(file, FinancialFileSchema);
    if (!data) continue;
    if (name !== `${data.country.toLowerCase()}.json`) {
      problems.push({ file, path: '$.country', message: `the file is named ${name} but its country is "${data.country}"`, fix: `Rename the file to ${data.country.toLowerCase()}.json or correct country.` });
    }
    checkVariants(file, data, problems);
    financial.push({ file, data });
  }

  const general = new Map<GeneralTopic, Fact[]>();
  const generalFiles = new Map<GeneralTopic, string>();
  for (const topic of GENERAL_TOPICS) {
    const file = `general/${topic}.json`;
    const data = read(file, GeneralFileSchema);
    if (!data) continue;
    if (data.topic !== topic) {
      problems.push({ file, path: '$.topic', message: `the file is ${topic}.json but its topic is "${data.topic}"`, fix: `Set topic to "${topic}".` });
    }
    general.set(topic, data.facts);
    generalFiles.set(topic, file);
  }
  const known = new Set<string>(GENERAL_TOPICS.map((t) => `${t}.json`));
  for (const name of listDir('general')) {
    if (!known.has(name)) {
      problems.push({ file: `general/${name}`, path: '$', message: 'not a general-rules topic', fix: `Name general files after a topic: ${GENERAL_TOPICS.join(', ')}.` });
    }
  }

  // Cross-file checks.
  const registry = sourcesFile ? new SourceRegistry(sourcesFile.sources) : null;
  if (sourcesFile) {
    const seen = new Set<string>();
    sourcesFile.sources.forEach((source, i) => {
      if (seen.has(source.id)) problems.push({ file: 'sources.json', path: `$.sources[${i}].id`, message: `duplicate source id "${source.id}"`, fix: 'Give each source a unique id.' });
      seen.add(source.id);
    });
  }

  const refs: { file: string; path: string; id: string }[] = [];
  for (const { file, json } of raw) if (file !== 'sources.json') collectSourceRefs(file, json, [], refs);
  if (registry) {
    for (const ref of refs) {
      if (!registry.has(ref.id)) problems.push({ file: ref.file, path: ref.path, message: `source "${ref.id}" is not in sources.json`, fix: 'Add the source to sources.json or correct the id.' });
    }
  }

  // Unique ids: facts (all files), requirement items, band names, financial rule ids.
  const factIds = new Map<string, string>();
  const claim = (kind: string, map: Map<string, string>, id: string, where: string, file: string, path: string) => {
    const previous = map.get(id);
    if (previous) problems.push({ file, path, message: `duplicate ${kind} "${id}" (also in ${previous})`, fix: `Give each ${kind} a unique id.` });
    else map.set(id, where);
  };
  for (const [topic, facts] of general) {
    const file = generalFiles.get(topic) ?? topic;
    facts.forEach((fact, i) => claim('fact id', factIds, fact.id, file, file, `$.facts[${i}].id`));
  }
  for (const { file, data } of countries) for (const fact of countryFacts(data)) claim('fact id', factIds, fact.id, file, file, `$ (fact ${fact.id})`);
  for (const { file, data } of financial) data.supplements.forEach((fact, i) => claim('fact id', factIds, fact.id, file, file, `$.supplements[${i}].id`));
  const itemIds = new Map<string, string>();
  if (commonFile) {
    commonFile.all_purposes.forEach((item, i) => claim('requirement id', itemIds, item.id, 'requirements/common.json', 'requirements/common.json', `$.all_purposes[${i}].id`));
    for (const [purpose, items] of Object.entries(commonFile.by_purpose)) {
      items.forEach((item, i) => claim('requirement id', itemIds, item.id, 'requirements/common.json', 'requirements/common.json', `$.by_purpose.${purpose}[${i}].id`));
    }
  }
  nationalFile?.items.forEach((item, i) => claim('requirement id', itemIds, item.id, 'requirements/national.json', 'requirements/national.json', `$.items[${i}].id`));
  const bandNames = new Map<string, string>();
  const ruleIds = new Map<string, string>();
  for (const { file, data } of financial) {
    claim('financial rule id', ruleIds, data.id, file, file, '$.id');
    data.variants.forEach((variant, v) => variant.bands.forEach((band, b) => claim('band name', bandNames, band.name, file, file, `$.variants[${v}].bands[${b}].name`)));
  }

  // The states: membership list ↔ country files ↔ financial files; non-members disjoint.
  const membershipFile = generalFiles.get('membership') ?? 'general/membership.json';
  const statesFact = general.get('membership')?.find((f) => f.id === MEMBERSHIP_STATES_FACT);
  let members: Set<string> | null = null;
  if (general.has('membership')) {
    if (!statesFact || !Array.isArray(statesFact.value) || !statesFact.value.every((v) => typeof v === 'string' && /^[A-Z]{2}$/.test(v))) {
      problems.push({ file: membershipFile, path: '$.facts', message: `needs a fact "${MEMBERSHIP_STATES_FACT}" whose value is the list of ISO codes of the Schengen states`, fix: `Add { "id": "${MEMBERSHIP_STATES_FACT}", "value": ["AT", "BE", ...], ... }.` });
    } else {
      members = new Set(statesFact.value as string[]);
    }
  }
  if (members) {
    const countryCodes = new Set(countries.map((c) => c.data.iso2));
    for (const iso of members) {
      if (!countryCodes.has(iso) && !invalid.has(`countries/${iso.toLowerCase()}.json`)) problems.push({ file: `countries/${iso.toLowerCase()}.json`, path: '$', message: `${iso} is a Schengen state (${membershipFile}) but has no country file`, fix: `Create countries/${iso.toLowerCase()}.json.` });
      if (!financial.some((f) => f.data.country === iso) && !invalid.has(`financial/${iso.toLowerCase()}.json`)) problems.push({ file: `financial/${iso.toLowerCase()}.json`, path: '$', message: `${iso} is a Schengen state but has no financial file`, fix: `Create financial/${iso.toLowerCase()}.json (use a "not_published" calculation if the state publishes no amount).` });
    }
    for (const { file, data } of countries) {
      if (!members.has(data.iso2)) problems.push({ file, path: '$.iso2', message: `${data.iso2} is not in ${MEMBERSHIP_STATES_FACT}`, fix: `Add it to ${membershipFile} or remove the file.` });
    }
    for (const { file, data } of financial) {
      if (!members.has(data.country)) problems.push({ file, path: '$.country', message: `${data.country} is not in ${MEMBERSHIP_STATES_FACT}`, fix: `Add it to ${membershipFile} or remove the file.` });
    }
  }
  const memberAndAliasCodes = new Set<string>([...(members ?? []), ...countries.flatMap((c) => [c.data.iso2, ...c.data.aliases])]);
  const nonMemberCodes = new Set<string>();
  nonMembersFile?.non_members.forEach((n: NonMember, i) => {
    if (memberAndAliasCodes.has(n.iso2)) problems.push({ file: 'non-members.json', path: `$.non_members[${i}].iso2`, message: `${n.iso2} is listed as a Schengen state (or an alias of one)`, fix: 'Remove it from one of the two lists.' });
    if (nonMemberCodes.has(n.iso2)) problems.push({ file: 'non-members.json', path: `$.non_members[${i}].iso2`, message: `duplicate non-member ${n.iso2}`, fix: 'List each code once.' });
    nonMemberCodes.add(n.iso2);
  });

  // A fact that holds in place of others for some nationals names facts of its own topic.
  for (const [topic, facts] of general) {
    const ids = new Set(facts.map((fact) => fact.id));
    facts.forEach((fact, i) => {
      fact.replaces?.forEach((id, j) => {
        if (!ids.has(id) || id === fact.id) problems.push({ file: generalFiles.get(topic) ?? `general/${topic}.json`, path: `$.facts[${i}].replaces[${j}]`, message: `"${id}" is not another fact of ${topic}.json`, fix: 'Name a fact of the same file that this fact holds in place of.' });
      });
    });
  }

  // Country records reference general facts by id.
  const generalIds = new Set([...general.values()].flatMap((facts) => facts.map((f) => f.id)));
  for (const { file, data } of countries) {
    data.common_rules.forEach((id, i) => {
      if (!generalIds.has(id)) problems.push({ file, path: `$.common_rules[${i}]`, message: `"${id}" is not a fact in general/*.json`, fix: 'Use the id of a fact from a general-rules file.' });
    });
  }
  nationalFile?.items.forEach((item, i) => {
    item.countries.forEach((iso, j) => {
      if (members && !members.has(iso)) problems.push({ file: 'requirements/national.json', path: `$.items[${i}].countries[${j}]`, message: `${iso} is not a Schengen state`, fix: 'Use the ISO code of one of the Schengen states.' });
    });
  });

  if (problems.length > 0 || !registry || !nonMembersFile || !commonFile || !nationalFile) {
    return { knowledge: null, problems, files };
  }
  try {
    const knowledge = new Knowledge({
      sources: registry,
      countries: countries.map((c) => c.data),
      nonMembers: nonMembersFile.non_members,
      financial: financial.map((f) => f.data),
      common: commonFile,
      national: nationalFile.items,
      general,
    });
    return { knowledge, problems, files };
  } catch (error) {
    problems.push({ file: '(all)', path: '$', message: `the rules could not be assembled: ${(error as Error).message}`, fix: 'Fix the problem named; it is a reference between files that the checks above did not catch.' });
    return { knowledge: null, problems, files };
  }
}

/** Loads the knowledge or throws RuleFilesError with every problem. */
export function loadKnowledge(dir: string, today?: string): Knowledge {
  const { knowledge, problems } = checkKnowledge(dir, today);
  if (!knowledge) throw new RuleFilesError(problems);
  return knowledge;
}

/** Each variant's bands must cover days 1..90 exactly once; exactly one variant is the default. */
function checkVariants(file: string, data: FinancialFile, problems: RuleProblem[]): void {
  const defaults = data.variants.filter((v) => v.default).length;
  if (defaults !== 1) {
    problems.push({ file, path: '$.variants', message: `${defaults} variants are marked "default": true; exactly one must be`, fix: 'Mark the variant that applies when nothing else is shown with "default": true, and only that one.' });
  }
  const ids = new Set<string>();
  data.variants.forEach((variant, v) => {
    if (ids.has(variant.id)) problems.push({ file, path: `$.variants[${v}].id`, message: `duplicate variant id "${variant.id}"`, fix: 'Give each variant of the file a unique id.' });
    ids.add(variant.id);
    const cover = new Array<number>(MAX_DAYS + 1).fill(0);
    variant.bands.forEach((band, b) => {
      if (band.days.from > band.days.to) {
        problems.push({ file, path: `$.variants[${v}].bands[${b}].days`, message: `from (${band.days.from}) is after to (${band.days.to})`, fix: 'Write the range as from ≤ to.' });
      }
      for (let d = band.days.from; d <= band.days.to; d += 1) cover[d] = (cover[d] ?? 0) + 1;
    });
    const gaps = ranges(cover, (n) => n === 0);
    const overlaps = ranges(cover, (n) => n > 1);
    if (gaps.length > 0) problems.push({ file, path: `$.variants[${v}].bands`, message: `no band covers day(s) ${gaps.join(', ')}`, fix: `Make the bands' day ranges cover 1 to ${MAX_DAYS} without gaps.` });
    if (overlaps.length > 0) problems.push({ file, path: `$.variants[${v}].bands`, message: `more than one band covers day(s) ${overlaps.join(', ')}`, fix: 'Make the day ranges of the bands not overlap.' });
  });
}

function ranges(cover: number[], bad: (n: number) => boolean): string[] {
  const out: string[] = [];
  let start: number | null = null;
  for (let d = 1; d <= MAX_DAYS + 1; d += 1) {
    const isBad = d <= MAX_DAYS && bad(cover[d] ?? 0);
    if (isBad && start === null) start = d;
    if (!isBad && start !== null) {
      out.push(start === d - 1 ? String(start) : `${start}-${d - 1}`);
      start = null;
    }
  }
  return out;
}

function collectSourceRefs(file: string, value: unknown, path: PropertyKey[], out: { file: string; path: string; id: string }[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => collectSourceRefs(file, item, [...path, i], out));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'sources' && Array.isArray(child)) {
      child.forEach((id, i) => {
        if (typeof id === 'string') out.push({ file, path: jsonPath([...path, key, i]), id });
      });
    } else {
      collectSourceRefs(file, child, [...path, key], out);
    }
  }
}

/** The parser's message with the line and column of the position it names. */
function describeJsonError(text: string, error: Error): string {
  const match = /position (\d+)/.exec(error.message);
  if (!match) return error.message;
  const before = text.slice(0, Number(match[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${error.message} (line ${line}, column ${column})`;
}

const DATE_KEYS = new Set(['last_verified_at', 'last_checked_at']);

/** Verification dates must be real calendar dates, not in the future. */
function checkDates(file: string, value: unknown, path: PropertyKey[], today: string, problems: RuleProblem[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkDates(file, item, [...path, i], today, problems));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (DATE_KEYS.has(key) && typeof child === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(child)) {
      const [y, m, d] = child.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
        problems.push({ file, path: jsonPath([...path, key]), message: `"${child}" is not a calendar date`, fix: 'Write a real date as YYYY-MM-DD.' });
      } else if (child > today) {
        problems.push({ file, path: jsonPath([...path, key]), message: `"${child}" is in the future (today is ${today})`, fix: 'Write the date the value was actually verified.' });
      }
    } else {
      checkDates(file, child, [...path, key], today, problems);
    }
  }
}
