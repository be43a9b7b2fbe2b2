import type { LoadedRules } from '../knowledge/rule-book.js';
import { DEFAULT_STALE_AFTER_DAYS, staleSources } from '../knowledge/source-checks.js';

/** How fresh the loaded knowledge is, as the status page reports it. */
export interface DataFreshness {
  /** The most recent verification date among the loaded facts (YYYY-MM-DD), or null when none has one. */
  newest_verified_at: string | null;
  /** The oldest verification date among the loaded facts, or null when none has one. */
  oldest_verified_at: string | null;
  /** Facts with a verification date. */
  dated_facts: number;
  /** Facts whose verification date is unknown (null): they are never given a guessed date. */
  undated_facts: number;
  /** Why the dates are null, when they are. */
  note: string | null;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Newest and oldest of the given calendar dates. Calendar dates in YYYY-MM-DD order as strings, so
 * no Date parsing (and no time zone) is involved. A value that is not a calendar date counts as
 * undated rather than being guessed at.
 */
export function dataFreshness(dates: Iterable<string | null | undefined>): DataFreshness {
  let newest: string | null = null;
  let oldest: string | null = null;
  let dated = 0;
  let undated = 0;
  for (const date of dates) {
    if (typeof date !== 'string' || !CALENDAR_DATE.test(date)) {
      undated += 1;
      continue;
    }
    dated += 1;
    if (newest === null || date > newest) newest = date;
    if (oldest === null || date < oldest) oldest = date;
  }
  const note =
    dated > 0
      ? null
      : dated + undated === 0
        ? 'No facts are loaded yet, so there is no verification date to report.'
        : 'No loaded fact has a known verification date.';
  return { newest_verified_at: newest, oldest_verified_at: oldest, dated_facts: dated, undated_facts: undated, note };
}

/** The freshness of the published facts of a rules snapshot. */
export function freshnessOf(rules: LoadedRules): DataFreshness {
  return dataFreshness(rules.knowledge.verificationDates());
}

/** How recently the registered sources were checked, as the status page reports it. */
export interface SourceFreshness {
  /** The most recent `last_checked_at` among the registered sources, or null when none has one. */
  newest_checked_at: string | null;
  /** The oldest `last_checked_at` among the registered sources, or null when none has one. */
  oldest_checked_at: string | null;
  /** Sources with a check date. */
  checked_sources: number;
  /** Sources whose check date is unknown (null): never checked. */
  unchecked_sources: number;
  /** Sources last checked more than `stale_after_days` days ago. */
  stale_sources: number;
  stale_after_days: number;
  /** Where the list of never-checked and stale sources is (`svc sources stale --json` prints the same). */
  list: string;
}

/** The path of the never-checked and stale source list, at the host root next to /status.json. */
export const STALE_SOURCES_PATH = '/status/sources.json';

/** The check dates of the source registry of a snapshot (public data of the knowledge layer). */
export function sourceFreshnessOf(rules: LoadedRules, asOf: string): SourceFreshness {
  const range = dataFreshness(rules.knowledge.sources.list.map((source) => source.last_checked_at));
  return {
    newest_checked_at: range.newest_verified_at,
    oldest_checked_at: range.oldest_verified_at,
    checked_sources: range.dated_facts,
    unchecked_sources: range.undated_facts,
    stale_sources: staleSources(rules.knowledge.sources.list, asOf, DEFAULT_STALE_AFTER_DAYS).stale.length,
    stale_after_days: DEFAULT_STALE_AFTER_DAYS,
    list: STALE_SOURCES_PATH,
  };
}
