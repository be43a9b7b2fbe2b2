/** What a piece of evidence supports. */
export type EvidenceField = 'language' | 'intent' | 'country' | 'destination' | 'travel_purpose' | 'days' | 'nationality' | 'employment' | 'minor' | 'spelling';

/**
 * One reason behind a classification: which words (`matched`, as normalised) led to which
 * value of which field, by which table rule. Every non-null field and every intent carries at
 * least one.
 */
export interface Evidence {
  field: EvidenceField;
  value: string | number | boolean | null;
  matched: string;
  rule: string;
  weight?: number;
}
