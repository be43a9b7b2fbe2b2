import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { TravelPurposeSchema, parseTableFile } from '../language/language-tables.js';

const IsoCode = z.string().regex(/^[A-Z]{2}$/);

/** Why a real question cannot be answered from the rules (the corpus format of the team's shared brief). */
export const NULL_KINDS = [
  'contact',
  'statistic',
  'personal_case',
  'opinion',
  'consequence_not_stated',
  'other_system',
  'out_of_scope',
  'not_schengen_state',
  'capability_awaiting',
  'value_unconfirmed',
  'needs_country',
  'needs_nationality',
  'low_information',
] as const;

/**
 * One question modelled on a question a real person asked on a public page, with its labels.
 * Intent, operation and topic are kept as strings: the corpus may name intents and topics the
 * running tables do not define yet, and the scoring then counts them as missed rather than
 * refusing the file.
 */
export const RealQuestionSchema = z.strictObject({
  question: z.string().min(1).max(1000),
  source_url: z.url(),
  intent: z.string().min(1),
  operation: z.string().min(1).nullable(),
  country: IsoCode.nullable(),
  travel_purpose: TravelPurposeSchema.nullable(),
  days: z.number().int().positive().nullable(),
  nationality: IsoCode.nullable(),
  answerable: z.boolean(),
  topic: z.string().min(1).nullable(),
  null_kind: z.enum(NULL_KINDS).nullable(),
});
export type RealQuestion = z.infer<typeof RealQuestionSchema>;

export const RealQuestionFileSchema = z.strictObject({
  $comment: z.string().optional(),
  language: z.string().regex(/^[a-z]{2}$/),
  part: z.enum(['dev', 'held-out']),
  cases: z.array(RealQuestionSchema),
});
export type RealQuestionFile = z.infer<typeof RealQuestionFileSchema>;

/** The two parts of the real-question corpus: dev (tuned on) and held-out (never read while tuning). */
export const REAL_PARTS = ['dev', 'held-out'] as const;
export type RealPart = (typeof REAL_PARTS)[number];

/** Reads and validates one file of the real-question corpus; throws naming the file, the case and the field. */
export function loadRealQuestions(path: string): RealQuestionFile {
  return parseTableFile(JSON.parse(readFileSync(path, 'utf8')), RealQuestionFileSchema, path);
}

/**
 * The parts of `<dir>/<language>.{dev,held-out}.json` that exist, in that order (a part not yet
 * written is skipped, so the dev part can be scored before the held-out one exists).
 */
export function loadRealCorpus(dir: string, language = 'en'): { part: RealPart; cases: RealQuestion[] }[] {
  return REAL_PARTS.map((part) => ({ part, path: join(dir, `${language}.${part}.json`) }))
    .filter(({ path }) => existsSync(path))
    .map(({ part, path }) => ({ part, cases: loadRealQuestions(path).cases }));
}

/**
 * The site a case was modelled on, the unit of the corpus' split: its page's host name without a
 * leading "www.". A site is in one part only; held-out sites have 0-4 as the first hex digit of
 * their MD5 (fixtures/questions/real/README.md).
 */
export function siteOf(sourceUrl: string): string {
  return new URL(sourceUrl).hostname.replace(/^www\./, '');
}

/** The two halves of the dev part, split by site, so a change tuned on one half can be checked on the other. */
export const DEV_HALVES = ['a', 'b'] as const;
export type DevHalf = (typeof DEV_HALVES)[number];

/**
 * The half of the dev part a question's page belongs to: the site is the URL's host name without
 * a leading "www." (the corpus' site rule), half `a` when the last hex digit of its MD5 is even,
 * else `b`. Every question of one site falls in the same half, so tuning on one half never sees
 * the other half's sites.
 */
export function devHalfOf(sourceUrl: string): DevHalf {
  const last = createHash('md5').update(siteOf(sourceUrl)).digest('hex').slice(-1);
  return Number.parseInt(last, 16) % 2 === 0 ? 'a' : 'b';
}
