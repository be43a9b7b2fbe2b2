import { z } from 'zod';

/**
 * The general topics people ask most about (faq-facts.md): each has a rules file and an intent of
 * the same name that POST /answer answers from it.
 */
export const FAQ_TOPICS = [
  'visa_types',
  'airport_transit',
  'application_procedure',
  'eu_family',
  'residence_permit_holders',
  'refusal_appeal',
  'overstay',
  'visa_extension',
  'minors',
  'biometrics',
  'visa_free_travel',
] as const;

/**
 * The source-registry and general-rule topics, fixed by the shared vocabulary. Adding one is a
 * code change on purpose: the language and answer layers route on these exact names.
 */
export const TOPICS = [
  'membership',
  'application',
  'documents',
  'financial_means',
  'short_stay',
  'fees',
  'insurance',
  'application_timing',
  'passport',
  'processing_time',
  'where_to_apply',
  'visa_validity',
  'ees',
  'etias',
  'visa_requirement',
  ...FAQ_TOPICS,
] as const;
export const TopicSchema = z.enum(TOPICS).meta({ id: 'Topic', description: 'A topic of the source registry and of the general Schengen rules.' });
export type Topic = z.infer<typeof TopicSchema>;

/** The topics that have a general-rules file (`rules/general/<topic>.json`). */
export const GENERAL_TOPICS = [
  'membership',
  'short_stay',
  'fees',
  'insurance',
  'application_timing',
  'passport',
  'processing_time',
  'where_to_apply',
  'visa_validity',
  'ees',
  'etias',
  'visa_requirement',
  ...FAQ_TOPICS,
] as const satisfies readonly Topic[];
export type GeneralTopic = (typeof GENERAL_TOPICS)[number];

/** Whether a topic has a general-rules file. */
export function isGeneralTopic(topic: string): topic is GeneralTopic {
  return (GENERAL_TOPICS as readonly string[]).includes(topic);
}

/** Travel purposes of GET /requirements; visiting friends counts as `family`. */
export const TRAVEL_PURPOSES = ['tourism', 'business', 'family'] as const;
export const TravelPurposeSchema = z.enum(TRAVEL_PURPOSES).meta({ id: 'TravelPurpose', description: 'Purpose of the journey. Visiting friends counts as `family`.' });
export type TravelPurpose = z.infer<typeof TravelPurposeSchema>;
