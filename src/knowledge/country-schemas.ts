import { z } from 'zod';
import { IdSchema, IsoCodeSchema, RuleFactSchema, ruleFactSchema } from './fact.js';

export const MembershipTypeSchema = z
  .enum(['eu', 'associated'])
  .meta({ id: 'MembershipType', description: '`eu`: an EU member state in Schengen. `associated`: a non-EU associated state (Iceland, Liechtenstein, Norway, Switzerland).' });

/**
 * `rules/countries/<iso>.json`: one Schengen state's application information. General Visa Code
 * facts (fees, timing, processing time, where to apply) are referenced by id in `common_rules`,
 * never copied, so one edit in `rules/general/` changes every state.
 */
export const CountryFileSchema = z.strictObject({
  $comment: z.string().optional(),
  iso2: IsoCodeSchema,
  name: z.string().min(1),
  aliases: z.array(IsoCodeSchema).default([]),
  membership: MembershipTypeSchema,
  member_since: ruleFactSchema('date'),
  authority: ruleFactSchema('text'),
  visa_pages: z.array(ruleFactSchema('link')).min(1),
  where_to_apply: z.array(ruleFactSchema('link')).default([]),
  common_rules: z.array(IdSchema).min(1),
  state_specific: z.array(RuleFactSchema).default([]),
});
export type CountryFile = z.infer<typeof CountryFileSchema>;

/** One valid ISO code that is not a Schengen state, with the reason the 422 gives. */
export const NonMemberSchema = z.strictObject({
  iso2: IsoCodeSchema,
  name: z.string().min(1),
  reason: z.string().min(1),
  sources: z.array(IdSchema).default([]),
});
export type NonMember = z.infer<typeof NonMemberSchema>;

/** `rules/non-members.json`: codes answered with 422 "not a Schengen state". */
export const NonMembersFileSchema = z.strictObject({
  $comment: z.string().optional(),
  non_members: z.array(NonMemberSchema).min(1),
});
