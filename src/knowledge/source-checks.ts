import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkKnowledge } from './load-knowledge.js';
import type { RegisteredSource } from './source-registry.js';
import { compareText } from '../lib/compare-text.js';

/** A source counts as stale when its last check is older than this many days (`svc sources stale`, /status). */
export const DEFAULT_STALE_AFTER_DAYS = 365;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The UTC calendar date of an instant, YYYY-MM-DD. */
export function calendarDateOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The calendar date `days` days before `date` (both YYYY-MM-DD, UTC, no time zone involved). */
export function daysBefore(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) - days)).toISOString().slice(0, 10);
}

/** One source of a freshness list. */
export interface SourceRef {
  id: string;
  organization: string;
  url: string;
  official: boolean;
  last_checked_at: string | null;
}

/** `svc sources stale --json` and /status/sources.json: the sources to check next. */
export interface StaleSourceReport {
  as_of: string;
  older_than_days: number;
  /** A source checked before this date is stale. */
  checked_before: string;
  sources: number;
  never_checked: SourceRef[];
  stale: SourceRef[];
}

/**
 * The sources nobody has checked (no `last_checked_at`) and those last checked more than
 * `olderThanDays` days before `asOf`, oldest first. Pure: the same registry and date give the
 * same list.
 */
export function staleSources(list: readonly RegisteredSource[], asOf: string, olderThanDays: number = DEFAULT_STALE_AFTER_DAYS): StaleSourceReport {
  const before = daysBefore(asOf, olderThanDays);
  const ref = (s: RegisteredSource): SourceRef => ({ id: s.id, organization: s.organization, url: s.url, official: s.official, last_checked_at: s.last_checked_at });
  const stale = list.filter((s) => s.last_checked_at !== null && s.last_checked_at < before).map(ref);
  stale.sort((a, b) => compareText(a.last_checked_at ?? '', b.last_checked_at ?? '') || compareText(a.id, b.id));
  return {
    as_of: asOf,
    older_than_days: olderThanDays,
    checked_before: before,
    sources: list.length,
    never_checked: list.filter((s) => s.last_checked_at === null).map(ref),
    stale,
  };
}

/** Why a check could not be recorded; nothing was written. */
export class SourceCheckError extends Error {
  constructor(
    message: string,
    /** What the expert can do about it. */
    readonly fix: string,
  ) {
    super(message);
    this.name = 'SourceCheckError';
  }
}

/** What `recordSourceCheck` changed. */
export interface SourceCheckResult {
  id: string;
  on: string;
  /** The source's check date before this one. */
  previous_checked_at: string | null;
  /** Rule files written, relative to the rules directory. */
  files: string[];
  /** Facts (and financial rules, variants or bands) whose `last_verified_at` moved to a new date, with it. */
  dated: { file: string; id: string; last_verified_at: string }[];
}

/** The rule files that carry facts, relative to the rules directory. */
function factFiles(dir: string): string[] {
  const files: string[] = [];
  for (const folder of ['general', 'countries', 'financial', 'requirements']) {
    for (const name of readdirSync(join(dir, folder)).sort()) if (name.endsWith('.json')) files.push(`${folder}/${name}`);
  }
  return files;
}

/**
 * Records that an expert checked source `id` on `on` (YYYY-MM-DD, not after `today`):
 * `last_checked_at` becomes `on` in `sources.json`, and `note` (when given) is kept in the
 * source's note as "Last check (<date>): <note>". Then every fact that cites the source takes
 * the date of the check of its sources: when each of its sources now has a check date, its
 * `last_verified_at` becomes the oldest of them, if that is later than its current date. A fact
 * with a source nobody has dated keeps its date (null stays null): nothing is dated that
 * nobody checked.
 *
 * All or nothing: the rules must pass `svc rules check` before, the id must be registered and
 * the date neither in the future nor before the recorded check; any failure throws a
 * SourceCheckError and leaves every file as it was. Each file is written whole (temporary file,
 * then rename) and the rules are checked again after; if that check fails the old files are put back.
 */
export function recordSourceCheck(dir: string, id: string, on: string, today: string, note?: string): SourceCheckResult {
  if (!isCalendarDate(on)) throw new SourceCheckError(`"${on}" is not a calendar date`, 'Write the date of the check as YYYY-MM-DD, e.g. 2026-11-23.');
  if (on > today) throw new SourceCheckError(`${on} is in the future (today is ${today})`, 'Record a check on the day it was made, today or earlier.');
  const before = checkKnowledge(dir, today);
  if (before.problems.length > 0) {
    throw new SourceCheckError(`the rules in ${dir} have ${before.problems.length} problem(s); nothing was written`, `Run "svc rules check --dir ${dir}" and fix them first.`);
  }

  const sourcesText = readFileSync(join(dir, 'sources.json'), 'utf8');
  const registry = JSON.parse(sourcesText) as { sources: (RegisteredSource & Record<string, unknown>)[] };
  const source = registry.sources.find((s) => s.id === id);
  if (!source) {
    const close = registry.sources.filter((s) => s.id.includes(id) || id.includes(s.id)).map((s) => s.id);
    throw new SourceCheckError(`source "${id}" is not in sources.json`, close.length > 0 ? `Did you mean ${close.slice(0, 3).join(', ')}?` : 'Use an id from sources.json (svc sources stale lists them).');
  }
  const previous = source.last_checked_at;
  if (previous !== null && on < previous) {
    throw new SourceCheckError(`source "${id}" was already checked on ${previous}, after ${on}`, 'Record only a check more recent than the one on file.');
  }
  source.last_checked_at = on;
  if (note !== undefined && note.trim() !== '') {
    const kept = (source.note ?? '').replace(/\s*Last check \(\d{4}-\d{2}-\d{2}\): .*$/s, '').trim();
    source.note = `${kept === '' ? '' : `${kept} `}Last check (${on}): ${note.trim()}`;
  }

  const checkedAt = new Map(registry.sources.map((s) => [s.id, s.last_checked_at]));
  const writes = new Map<string, { old: string; text: string }>([['sources.json', { old: sourcesText, text: `${JSON.stringify(registry, null, 2)}\n` }]]);
  const dated: SourceCheckResult['dated'] = [];
  for (const file of factFiles(dir)) {
    const old = readFileSync(join(dir, file), 'utf8');
    const json = JSON.parse(old) as unknown;
    const changed = redate(json, id, checkedAt, (thing, date) => dated.push({ file, id: thing, last_verified_at: date }));
    if (changed) writes.set(file, { old, text: `${JSON.stringify(json, null, 2)}\n` });
  }

  for (const [file, { text }] of writes) writeWhole(join(dir, file), text);
  const after = checkKnowledge(dir, today);
  if (after.problems.length > 0) {
    for (const [file, { old }] of writes) writeWhole(join(dir, file), old);
    throw new SourceCheckError(`recording the check would break the rules (${after.problems[0]?.message ?? 'unknown problem'}); nothing was changed`, 'Report this: a recorded check should never invalidate the rules.');
  }
  return { id, on, previous_checked_at: previous, files: [...writes.keys()], dated };
}

/**
 * Walks a rule file and re-dates every object that cites `id` in its own `sources` and has a
 * `last_verified_at` key (a fact, a financial rule, variant or band, a requirement item).
 */
function redate(node: unknown, id: string, checkedAt: ReadonlyMap<string, string | null>, onDated: (thing: string, date: string) => void): boolean {
  if (Array.isArray(node)) return node.map((child) => redate(child, id, checkedAt, onDated)).some(Boolean);
  if (node === null || typeof node !== 'object') return false;
  const record = node as Record<string, unknown>;
  let changed = false;
  const sources = record.sources;
  if (Array.isArray(sources) && sources.includes(id) && 'last_verified_at' in record) {
    const dates = sources.map((s) => (typeof s === 'string' ? (checkedAt.get(s) ?? null) : null));
    if (dates.every((d): d is string => d !== null)) {
      const oldest = dates.reduce((a, b) => (b < a ? b : a));
      const current = record.last_verified_at;
      if (current === null || (typeof current === 'string' && oldest > current)) {
        record.last_verified_at = oldest;
        changed = true;
        onDated(String(record.id ?? record.name ?? record.country ?? '?'), oldest);
      }
    }
  }
  for (const [key, child] of Object.entries(record)) if (key !== 'sources' && redate(child, id, checkedAt, onDated)) changed = true;
  return changed;
}

function writeWhole(path: string, text: string): void {
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}
