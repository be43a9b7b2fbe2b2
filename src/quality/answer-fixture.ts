import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { TravelPurposeSchema } from '../knowledge/topics.js';
import { AnswerReasonSchema } from '../answers/answer-reason.js';

const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'an upper-case ISO 3166-1 alpha-2 code');

/** Structured hints sent with the question; they override what the question says. */
export const AnswerHintsSchema = z.strictObject({
  country: CountryCodeSchema.optional(),
  travel_purpose: TravelPurposeSchema.optional(),
  days: z.number().int().min(1).max(90).optional(),
});

/**
 * A fact the answer must contain. Without `value` only its presence is checked; with `value`
 * (null included) the fact's value must be deep-equal to it; with `includes` the value must be an
 * object whose listed keys are deep-equal to these (for the amounts of a financial band).
 */
export const ExpectedFactSchema = z.strictObject({
  id: z.string().min(1),
  value: z.unknown().optional(),
  includes: z.record(z.string(), z.unknown()).optional(),
});

export const AnswerExpectationSchema = z
  .strictObject({
    intent: z.string().min(1),
    answered: z.boolean(),
    /** Required when `answered` is false, forbidden otherwise. */
    reason: AnswerReasonSchema.nullable().optional(),
    /** With reason `capability_not_available`: the capability the question belongs to. */
    capability: z.string().optional(),
    /** Checked only when present. */
    country: CountryCodeSchema.nullable().optional(),
    travel_purpose: TravelPurposeSchema.nullable().optional(),
    days: z.number().int().nullable().optional(),
    facts: z.array(ExpectedFactSchema).default([]),
    /** Fact ids that must NOT be in the answer (e.g. an unverified amount). */
    facts_absent: z.array(z.string()).default([]),
    /** Source ids or URLs that must be in `meta.sources` (an id matches the registry id, a URL the record's url). */
    sources: z.array(z.string()).default([]),
    /** Substrings `answer.text` must contain (case-sensitive). */
    text_contains: z.array(z.string()).default([]),
    /** When present, `unanswered` must be exactly this list (in order); `[]` asserts every topic was answered. */
    unanswered: z.array(z.strictObject({ topic: z.string().min(1), reason: AnswerReasonSchema })).optional(),
  })
  .superRefine((expect, ctx) => {
    if (!expect.answered && !expect.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'a null answer needs its reason' });
    if (expect.answered && expect.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'an answered case has no reason' });
    if (expect.reason === 'capability_not_available' && !expect.capability) {
      ctx.addIssue({ code: 'custom', path: ['capability'], message: 'name the capability awaiting integration' });
    }
    if (!expect.answered && (expect.facts.length > 0 || expect.text_contains.length > 0 || expect.sources.length > 0)) {
      ctx.addIssue({ code: 'custom', path: ['facts'], message: 'a null answer has no facts, text or sources' });
    }
  });

export const AnswerFixtureCaseSchema = z.strictObject({
  /** Unique across all answer fixture files; the test and JUnit names use it. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'kebab-case: lower-case letters, digits and dashes'),
  question: z.string().min(1).max(1000),
  hints: AnswerHintsSchema.optional(),
  expect: AnswerExpectationSchema,
});
export type AnswerFixtureCase = z.infer<typeof AnswerFixtureCaseSchema>;

export const AnswerFixtureFileSchema = z.strictObject({
  $comment: z.string().optional(),
  cases: z.array(AnswerFixtureCaseSchema).min(1),
});

/** A fixture case with the file it came from, for reports. */
export interface LoadedAnswerFixture extends AnswerFixtureCase {
  file: string;
}

/**
 * Loads every `*.json` file of `dir` (sorted) and validates it. Throws one error listing every
 * problem as `file $.path: message`, and duplicate ids across files, so a bad edit is found at once.
 */
export function loadAnswerFixtures(dir: string): LoadedAnswerFixture[] {
  const files = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
  const problems: string[] = [];
  const cases: LoadedAnswerFixture[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      problems.push(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    const parsed = AnswerFixtureFileSchema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${file} $.${issue.path.join('.')}: ${issue.message}`);
      continue;
    }
    for (const fixture of parsed.data.cases) {
      const previous = seen.get(fixture.id);
      if (previous) problems.push(`${file}: duplicate case id "${fixture.id}" (also in ${previous})`);
      seen.set(fixture.id, file);
      cases.push({ ...fixture, file });
    }
  }
  if (files.length === 0) problems.push(`${dir}: no *.json fixture files`);
  if (problems.length > 0) throw new Error(`invalid answer fixtures:\n${problems.join('\n')}`);
  return cases;
}
