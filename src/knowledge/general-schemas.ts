import { z } from 'zod';
import { RuleFactSchema } from './fact.js';
import { GENERAL_TOPICS } from './topics.js';

/** `rules/general/<topic>.json`: the general Schengen rules of one topic, as facts. */
export const GeneralFileSchema = z.strictObject({
  $comment: z.string().optional(),
  topic: z.enum(GENERAL_TOPICS),
  facts: z.array(RuleFactSchema).min(1),
});
export type GeneralFile = z.infer<typeof GeneralFileSchema>;
