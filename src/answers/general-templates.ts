import type { GeneralTopic } from '../knowledge/topics.js';
import { formatDate, formatMoney, formatNumber } from './format-value.js';

/**
 * How one general-rule fact becomes a sentence. `render` receives the fact's value and returns
 * the sentence, or null when the value does not have the shape the template expects (the fact is
 * then left out rather than misquoted). A template only writes the value it is given; the words
 * around it say what the fact id already says.
 */
export interface FactTemplate {
  fact: string;
  /** The general topic whose file holds `fact`, when it is not the topic the template is listed under. */
  topic?: GeneralTopic;
  /** Answered when the question asks for no fact of the topic specifically. */
  byDefault: boolean;
  /**
   * The question asks this and nothing else of the topic (for example how long fingerprints are
   * reused): when a fact cue of it matches, the topic answers this fact alone, and when the rules hold no
   * published value for it the topic says so (null answer) instead of answering something nearby.
   */
  exclusive?: boolean;
  /**
   * Asks for this fact by an age the question states ("my 15 year old" asks for the adult fee; the
   * reading's `ages`), next to the phrases that ask for it (rules/language/fact-cues.json, keyed
   * by this template's topic and fact).
   */
  askedByAges?: (ages: readonly number[]) => boolean;
  /**
   * Asked whenever the applicant lives in, or holds a permit or visa of, a state outside the area
   * ("I work in Dubai on a work visa, do I need a Schengen visa?"): what the topic says of such a
   * permit, never its default facts about the permits of Schengen states.
   */
  homeOutside?: true;
  render(value: unknown): string | null;
}

/** The number in a value: a number, or `{ amount }` / `{ value }` objects. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of ['amount', 'value', 'days', 'months', 'years', 'count']) {
      const inner = record[key];
      if (typeof inner === 'number' && Number.isFinite(inner)) return inner;
    }
  }
  return null;
}

/** A money amount in a value: a number (the Visa Code's euros) or `{ amount, currency }`. */
function eurosOf(value: unknown): string | null {
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.amount === 'number') return formatMoney(record.amount, typeof record.currency === 'string' ? record.currency : 'EUR');
  }
  const amount = numberOf(value);
  return amount === null ? null : formatMoney(amount, 'EUR');
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string' && value.trim().length > 0) return value.trim();
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of ['text', 'rule', 'statement', 'description', 'value']) {
      const inner = record[key];
      if (typeof inner === 'string' && inner.trim().length > 0) return inner.trim();
    }
  }
  return null;
}

function dateOf(value: unknown): string | null {
  const text = textOf(value);
  return text === null ? null : formatDate(text);
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

const n = (value: unknown, render: (num: string) => string): string | null => {
  const num = numberOf(value);
  return num === null ? null : render(formatNumber(num));
};
const money = (value: unknown, render: (amount: string) => string): string | null => {
  const amount = eurosOf(value);
  return amount === null ? null : render(amount);
};
const text = (value: unknown, render: (t: string) => string = (t) => t): string | null => {
  const t = textOf(value);
  return t === null ? null : sentence(render(t));
};

const amounts = (value: unknown, render: (list: string) => string): string | null => {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  if (!Array.isArray(record.amounts) || !record.amounts.every((a) => typeof a === 'number')) return null;
  const currency = typeof record.currency === 'string' ? record.currency : 'EUR';
  return render((record.amounts as number[]).map((a) => formatMoney(a, currency)).join(' or '));
};

/** The Visa Code's child fee applies under 12 (Art. 16(2)): from 12 the adult fee. */
const CHILD_FEE_BELOW_AGE = 12;

const statesAge = (test: (age: number) => boolean) => (ages: readonly number[]) => ages.some(test);

const lowerFirst = (t: string): string => `${t.charAt(0).toLowerCase()}${t.slice(1)}`;

/** The names of a list of `{ name }` entries (an annex of countries), joined for a sentence. */
const names = (value: unknown, render: (list: string) => string): string | null => {
  if (!Array.isArray(value) || value.length === 0) return null;
  const list = value.map((entry) => (entry && typeof entry === 'object' ? (entry as Record<string, unknown>).name : undefined));
  return list.every((name) => typeof name === 'string') ? render(list.join(', ')) : null;
};

const cascade = (v: unknown): string | null => text(v, (t) => `Multiple-entry visas follow these steps: ${t}`);

/**
 * The templates of the general topics, keyed by topic, in the order sentences are written. The
 * fact ids are those of `rules/general/<topic>.json`; a template whose fact the rules do not
 * hold is skipped, and a fact without a template is never rendered. The words that ask for each
 * fact are data: rules/language/fact-cues.json (and `fact_cues` in the other languages' files).
 */
export const GENERAL_TEMPLATES: Readonly<Partial<Record<GeneralTopic, readonly FactTemplate[]>>> = {
  short_stay: [
    { fact: 'short_stay.max_days', byDefault: true, render: (v) => n(v, (d) => `A short stay lasts at most ${d} days.`) },
    { fact: 'short_stay.period_days', byDefault: true, render: (v) => n(v, (d) => `Days are counted over any ${d}-day period.`) },
    { fact: 'short_stay.counting', byDefault: true, render: (v) => text(v) },
    // "Can I extend my Schengen visa?" is classified as a stay question; the 90/180 rule does not
    // answer it, the extension rules (Visa Code Art. 33) do, alone.
    { fact: 'visa_extension.mandatory', topic: 'visa_extension', byDefault: false, render: (v) => text(v) },
    { fact: 'visa_extension.serious_personal_reasons', topic: 'visa_extension', byDefault: false, render: (v) => text(v) },
    // "Are the 90 days per country or for all of them together?": one allowance for the whole area.
    { fact: 'visa_validity.one_allowance', topic: 'visa_validity', byDefault: false, render: (v) => text(v) },
  ],
  fees: [
    { fact: 'fees.adult', askedByAges: statesAge((age) => age >= CHILD_FEE_BELOW_AGE), byDefault: true, render: (v) => money(v, (a) => `The visa fee for an adult is ${a}.`) },
    { fact: 'fees.child_6_to_11', askedByAges: statesAge((age) => age < CHILD_FEE_BELOW_AGE), byDefault: true, render: (v) => money(v, (a) => `The visa fee for a child aged 6 to 11 is ${a}.`) },
    { fact: 'fees.child_under_6', askedByAges: statesAge((age) => age < CHILD_FEE_BELOW_AGE), byDefault: true, render: (v) => money(v, (a) => `Children under 6 pay ${a} (no fee).`) },
    { fact: 'fees.readmission_higher_fee', byDefault: false, exclusive: true, render: (v) => amounts(v, (list) => `Nationals of countries found not to cooperate on readmission pay a higher fee: ${list}.`) },
    { fact: 'fees.facilitation_agreement', byDefault: false, exclusive: true, render: (v) => money(v, (a) => `Where an EU visa facilitation agreement sets it, the fee is ${a}.`) },
    { fact: 'fees.russia_agreement_suspended', byDefault: false, render: (v) => text(v) },
    { fact: 'fees.external_service_provider_cap', byDefault: false, exclusive: true, render: (v) => money(v, (a) => `An external service provider may charge at most ${a} on top of the visa fee.`) },
    { fact: 'fees.extension', byDefault: false, exclusive: true, render: (v) => money(v, (a) => `Extending a visa costs ${a}.`) },
    { fact: 'fees.mandatory_waivers', byDefault: false, exclusive: true, render: (v) => text(v) },
  ],
  insurance: [
    { fact: 'insurance.min_cover', byDefault: true, render: (v) => money(v, (a) => `Travel medical insurance must cover at least ${a}.`) },
    { fact: 'insurance.scope', byDefault: true, render: (v) => text(v, (t) => `Scope of the insurance: ${t.charAt(0).toLowerCase()}${t.slice(1)}`) },
    { fact: 'insurance.multiple_entry', byDefault: false, render: (v) => text(v) },
  ],
  application_timing: [
    { fact: 'application_timing.earliest_months', byDefault: true, render: (v) => n(v, (m) => `You can apply at most ${m} months before the trip starts.`) },
    { fact: 'application_timing.earliest_months_seafarers', byDefault: false, render: (v) => n(v, (m) => `Seafarers on duty can apply up to ${m} months before.`) },
    { fact: 'application_timing.latest_days', byDefault: true, render: (v) => n(v, (d) => `As a rule, apply no later than ${d} calendar days before the trip.`) },
  ],
  passport: [
    { fact: 'passport.valid_months_after_departure', byDefault: true, render: (v) => n(v, (m) => `Your passport must be valid for at least ${m} months after you leave the Schengen area.`) },
    { fact: 'passport.issued_within_years', byDefault: true, render: (v) => n(v, (y) => `It must have been issued within the previous ${y} years.`) },
    { fact: 'passport.blank_pages', byDefault: true, render: (v) => n(v, (p) => `It needs at least ${p} blank pages.`) },
  ],
  processing_time: [
    { fact: 'processing_time.standard_days', byDefault: true, render: (v) => n(v, (d) => `The consulate decides within ${d} calendar days of an admissible application.`) },
    { fact: 'processing_time.max_days', byDefault: true, render: (v) => n(v, (d) => `In individual cases this can be extended to at most ${d} calendar days.`) },
    { fact: 'processing_time.prior_consultation_days', byDefault: false, render: (v) => n(v, (d) => `Prior consultation of other states takes up to ${d} calendar days.`) },
  ],
  where_to_apply: [
    { fact: 'where_to_apply.sole_destination', byDefault: true, render: (v) => text(v) },
    { fact: 'where_to_apply.main_destination', byDefault: true, render: (v) => text(v) },
    { fact: 'where_to_apply.first_entry', byDefault: true, render: (v) => text(v) },
    { fact: 'where_to_apply.representation', byDefault: false, render: (v) => text(v) },
  ],
  visa_validity: [
    { fact: 'visa_validity.whole_area', byDefault: true, render: (v) => text(v) },
    { fact: 'visa_validity.one_allowance', byDefault: true, render: (v) => text(v) },
    { fact: 'visa_validity.multiple_entry_cascade', byDefault: false, exclusive: true, render: cascade },
  ],
  ees: [
    { fact: 'ees.start', byDefault: true, render: (v) => { const d = dateOf(v); return d === null ? null : `The Entry/Exit System (EES) started operating on ${d}.`; } },
    { fact: 'ees.full_operation', byDefault: true, render: (v) => { const d = dateOf(v); return d === null ? null : `EES was to be fully in operation by ${d}.`; } },
    { fact: 'ees.applies_to', byDefault: true, render: (v) => text(v, (t) => `EES concerns ${t}`) },
    { fact: 'ees.biometrics', byDefault: false, render: (v) => text(v, (t) => `It records ${t}`) },
    { fact: 'ees.replaces', byDefault: false, render: (v) => text(v, (t) => `It replaces ${t}`) },
    { fact: 'overstay.ees_retention_years', topic: 'overstay', byDefault: false, exclusive: true, render: (v) => n(v, (y) => `For overstayers, EES keeps the record for ${y} years.`) },
    { fact: 'ees.retention_years', byDefault: false, exclusive: true, render: (v) => n(v, (y) => `EES keeps a record for ${y} years.`) },
    { fact: 'visa_code.fingerprint_reuse_months', byDefault: false, exclusive: true, render: (v) => n(v, (m) => `Fingerprints taken for a visa are reused for ${m} months.`) },
  ],
  etias: [
    // What the sources say about the start, with their dates: never a start date stated as fact.
    { fact: 'etias.start', byDefault: true, render: (v) => text(v) },
    { fact: 'etias.applies_to', byDefault: true, render: (v) => text(v, (t) => `ETIAS concerns ${t}`) },
    { fact: 'etias.fee', byDefault: true, render: (v) => money(v, (a) => `The ETIAS fee is ${a}.`) },
    { fact: 'etias.fee_exempt', byDefault: false, render: (v) => text(v) },
    { fact: 'etias.transition', byDefault: false, render: (v) => text(v) },
    { fact: 'etias.validity', byDefault: false, render: (v) => text(v, (t) => `An ETIAS authorisation is valid for ${t}`) },
    { fact: 'etias.processing_time', byDefault: false, exclusive: true, render: (v) => text(v, (t) => `ETIAS applications are decided ${t}`) },
  ],
  membership: [
    { fact: 'membership.count', byDefault: true, render: (v) => n(v, (c) => `There are ${c} Schengen states.`) },
  ],
  visa_types: [
    { fact: 'visa_types.uniform_visa', byDefault: true, render: (v) => text(v) },
    { fact: 'visa_types.entries', byDefault: true, render: (v) => text(v) },
    { fact: 'visa_validity.multiple_entry_cascade', topic: 'visa_validity', byDefault: false, render: cascade },
    { fact: 'visa_types.cascade_india', byDefault: false, exclusive: true, render: (v) => text(v) },
    { fact: 'visa_types.cascade_exceptions', byDefault: false, exclusive: true, render: (v) => text(v) },
    { fact: 'visa_types.limited_territorial_validity', byDefault: false, render: (v) => text(v) },
    { fact: 'visa_types.national_long_stay', byDefault: false, render: (v) => text(v) },
    { fact: 'visa_types.issuing_authority', byDefault: false, render: (v) => text(v) },
  ],
  airport_transit: [
    { fact: 'airport_transit.who_needs', byDefault: true, render: (v) => text(v) },
    { fact: 'airport_transit.annex_iv', byDefault: true, render: (v) => names(v, (list) => `Annex IV lists the nationals of: ${list}.`) },
    { fact: 'airport_transit.no_entry', byDefault: true, render: (v) => text(v) },
    { fact: 'airport_transit.exemptions', byDefault: false, render: (v) => text(v) },
    { fact: 'airport_transit.validity', byDefault: false, render: (v) => text(v) },
  ],
  application_procedure: [
    { fact: 'where_to_apply.main_destination', topic: 'where_to_apply', byDefault: true, render: (v) => text(v, (t) => `Where: ${lowerFirst(t)}`) },
    { fact: 'application_procedure.consulate', byDefault: true, render: (v) => text(v) },
    { fact: 'application_timing.earliest_months', topic: 'application_timing', byDefault: true, render: (v) => n(v, (m) => `When: at most ${m} months before the trip starts,`) },
    { fact: 'application_timing.latest_days', topic: 'application_timing', byDefault: true, render: (v) => n(v, (d) => `and as a rule no later than ${d} calendar days before it.`) },
    { fact: 'application_procedure.checklist', byDefault: true, render: (v) => text(v) },
    { fact: 'application_procedure.in_person', byDefault: true, render: (v) => text(v) },
    { fact: 'fees.adult', topic: 'fees', byDefault: true, render: (v) => money(v, (a) => `The visa fee for an adult is ${a}.`) },
    { fact: 'application_procedure.interview', byDefault: false, render: (v) => text(v) },
    { fact: 'application_procedure.external_providers', byDefault: false, render: (v) => text(v) },
    { fact: 'processing_time.standard_days', topic: 'processing_time', byDefault: true, render: (v) => n(v, (d) => `Decision: the consulate decides within ${d} calendar days of an admissible application.`) },
  ],
  eu_family: [
    { fact: 'eu_family.visa_terms', byDefault: true, render: (v) => text(v) },
    { fact: 'eu_family.residence_card', byDefault: true, render: (v) => text(v) },
    { fact: 'eu_family.permanent_residence_card', byDefault: false, render: (v) => text(v) },
    { fact: 'eu_family.no_service_fee', byDefault: false, exclusive: true, render: (v) => text(v) },
    { fact: 'eu_family.processing_days', byDefault: false, exclusive: true, render: (v) => text(v) },
  ],
  residence_permit_holders: [
    { fact: 'residence_permit_holders.mobility', byDefault: true, render: (v) => text(v) },
    { fact: 'residence_permit_holders.days_not_counted', byDefault: true, render: (v) => text(v) },
    { fact: 'residence_permit_holders.which_permits', byDefault: false, render: (v) => text(v) },
    { fact: 'residence_permit_holders.third_country_permits', byDefault: false, homeOutside: true, render: (v) => text(v) },
    { fact: 'residence_permit_holders.transit_only', byDefault: false, render: (v) => text(v) },
  ],
  refusal_appeal: [
    { fact: 'refusal_appeal.standard_form', byDefault: true, render: (v) => text(v) },
    { fact: 'refusal_appeal.right_of_appeal', byDefault: true, render: (v) => text(v) },
    { fact: 'refusal_appeal.national_examples', byDefault: false, render: (v) => text(v) },
    { fact: 'refusal_appeal.reapply', byDefault: false, exclusive: true, render: (v) => text(v) },
  ],
  overstay: [
    { fact: 'overstay.ees_list', byDefault: true, render: (v) => text(v) },
    { fact: 'overstay.later_refusal', byDefault: true, render: (v) => text(v) },
    { fact: 'overstay.entry_ban', byDefault: true, render: (v) => text(v) },
    { fact: 'overstay.ban_length', byDefault: true, render: (v) => text(v) },
    { fact: 'overstay.ees_retention_years', byDefault: false, render: (v) => n(v, (y) => `The Entry/Exit System keeps an overstayer's record for ${y} years.`) },
    { fact: 'overstay.fines', byDefault: false, exclusive: true, render: (v) => text(v) },
  ],
  visa_extension: [
    { fact: 'visa_extension.mandatory', byDefault: true, render: (v) => text(v) },
    { fact: 'visa_extension.serious_personal_reasons', byDefault: true, render: (v) => text(v) },
    { fact: 'fees.extension', topic: 'fees', byDefault: true, render: (v) => money(v, (a) => `The fee for an extension on serious personal reasons is ${a}.`) },
    { fact: 'visa_extension.competent_state', byDefault: true, render: (v) => text(v) },
  ],
  minors: [
    { fact: 'minors.form_signature', byDefault: true, render: (v) => text(v) },
    { fact: 'minors.consent_examples', byDefault: true, render: (v) => text(v) },
    { fact: 'minors.border_checks', byDefault: true, render: (v) => text(v) },
    { fact: 'fees.child_6_to_11', topic: 'fees', byDefault: false, render: (v) => money(v, (a) => `The visa fee for a child aged 6 to 11 is ${a}.`) },
    { fact: 'fees.child_under_6', topic: 'fees', byDefault: false, render: (v) => money(v, (a) => `Children under 6 pay ${a} (no fee).`) },
    { fact: 'biometrics.exempt', topic: 'biometrics', byDefault: false, render: (v) => text(v) },
  ],
  biometrics: [
    { fact: 'biometrics.collected', byDefault: true, render: (v) => text(v) },
    { fact: 'biometrics.reuse_months', byDefault: true, render: (v) => n(v, (m) => `Fingerprints entered in the Visa Information System less than ${m} months earlier are copied to a new application.`) },
    { fact: 'biometrics.exempt', byDefault: true, render: (v) => text(v) },
    { fact: 'biometrics.ees_link', byDefault: false, render: (v) => text(v) },
    { fact: 'biometrics.vis_reform_date', byDefault: false, exclusive: true, render: (v) => text(v) },
  ],
  visa_free_travel: [
    { fact: 'visa_free_travel.stay', byDefault: true, render: (v) => text(v) },
    { fact: 'visa_free_travel.all_states_together', byDefault: true, render: (v) => text(v) },
    { fact: 'visa_requirement.paid_activity', topic: 'visa_requirement', byDefault: false, render: (v) => text(v) },
    { fact: 'visa_free_travel.switzerland_paid_activity', byDefault: false, render: (v) => text(v) },
    { fact: 'etias.applies_to', topic: 'etias', byDefault: true, render: (v) => text(v, (t) => `Once in operation, ETIAS concerns ${t}`) },
  ],
};
