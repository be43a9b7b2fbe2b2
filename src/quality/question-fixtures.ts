import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { EmploymentSchema, IntentSchema, TravelPurposeSchema, parseTableFile } from '../language/language-tables.js';

/** One labelled question: the expected intent and entities (null = the question states none). */
export const QuestionFixtureSchema = z.strictObject({
  question: z.string().min(1).max(1000),
  intent: IntentSchema,
  country: z.string().regex(/^[A-Z]{2}$/).nullable(),
  travel_purpose: TravelPurposeSchema.nullable(),
  days: z.number().int().positive().nullable(),
  profile: z
    .strictObject({
      nationality: z.string().regex(/^[A-Z]{2}$/).nullable().optional(),
      employment: EmploymentSchema.nullable().optional(),
      minor: z.boolean().nullable().optional(),
    })
    .optional(),
  destination_status: z.enum(['schengen', 'not_schengen']).nullable().optional(),
});
export type QuestionFixture = z.infer<typeof QuestionFixtureSchema>;

export const QuestionFixtureFileSchema = z.strictObject({ $comment: z.string().optional(), cases: z.array(QuestionFixtureSchema).min(1) });

/** Reads and validates a fixture file (fixtures/questions/dev.json or held-out.json); throws naming the case. */
export function loadQuestionFixtures(path: string): QuestionFixture[] {
  return parseTableFile(JSON.parse(readFileSync(path, 'utf8')), QuestionFixtureFileSchema, path).cases;
}
