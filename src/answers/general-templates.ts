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
  /** Normalised words or phrases that ask for this fact specifically ("child", "blank pages"). */
  cues?: readonly string[];
  /** Answered when the question asks for no fact of the topic specifically. */
  byDefault: boolean;
  /**
   * The question asks this and nothing else of the topic (for example how long fingerprints are
   * reused): when its cue matches, the topic answers this fact alone, and when the rules hold no
   * published value for it the topic says so (null answer) instead of answering something nearby.
   */
  exclusive?: boolean;
  /** Asks for this fact in a way a fixed phrase cannot say (an age: "my 15 year old"); next to `cues`. */
  asks?: (text: string) => boolean;
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

const CHILD_CUES = ['child', 'children', 'kid', 'kids', 'son', 'daughter', 'baby', 'infant', 'minor', 'toddler'];

/**
 * Who else the question is about: the asker or another adult next to a child ("for my 8 year
 * old and for me", "me and my son", "adults and kids"). A bare "me" ("tell me the fee for my
 * child") is not one.
 */
const ADULT_CUES = ['adult', 'adults', 'for me', 'and me', 'and for me', 'me and', 'myself', 'and i', 'for us', 'for both of us', 'my wife', 'my husband', 'my partner', 'my spouse', 'grown up', 'grown ups'];

/** The Visa Code's child fee applies under 12 (Art. 16(2)): from 12 the adult fee. */
const CHILD_FEE_BELOW_AGE = 12;

/** The ages a normalised question states: "8 year old", "9 years old", "aged 5 and 9", "age 7", "15yo". */
export function agesIn(text: string): number[] {
  const ages: number[] = [];
  for (const match of text.matchAll(/ (?:(\d{1,3}) (?:year|years|yr|yrs) old|(\d{1,3}) ?yo|aged? (\d{1,3})(?: and (\d{1,3}))?)(?= )/g)) {
    for (const group of match.slice(1)) if (group !== undefined) ages.push(Number(group));
  }
  return ages;
}

const statesAge = (test: (age: number) => boolean) => (text: string) => agesIn(text).some(test);

/** Words asking how to extend a visa or a stay, which the 90/180 rule does not answer. */
// "Extended" alone is no cue: "an extended amount of time" asks nothing about extending (issue 9).
const EXTENSION_CUES = ['extend', 'extends', 'be extended', 'been extended', 'get extended', 'visa extended', 'stay extended', 'extension', 'extending', 'prolong', 'prolongation', 'prolonged'];

const lowerFirst = (t: string): string => `${t.charAt(0).toLowerCase()}${t.slice(1)}`;

/** The names of a list of `{ name }` entries (an annex of countries), joined for a sentence. */
const names = (value: unknown, render: (list: string) => string): string | null => {
  if (!Array.isArray(value) || value.length === 0) return null;
  const list = value.map((entry) => (entry && typeof entry === 'object' ? (entry as Record<string, unknown>).name : undefined));
  return list.every((name) => typeof name === 'string') ? render(list.join(', ')) : null;
};

const MULTIPLE_ENTRY_CASCADE_CUES = ['cascade', '5 year', 'five year', '1 year', 'one year', '2 year', 'two year', 'long validity', 'longer validity'];
const cascade = (v: unknown): string | null => text(v, (t) => `Multiple-entry visas follow these steps: ${t}`);
const FEE_CUES = ['fee', 'fees', 'cost', 'costs', 'price', 'pay', 'how much'];
const FINGERPRINT_CUES = ['fingerprint', 'fingerprints', 'fingerprinting', 'biometric', 'biometrics'];

/**
 * The templates of the general topics, keyed by topic, in the order sentences are written. The
 * fact ids are those of `rules/general/<topic>.json`; a template whose fact the rules do not
 * hold is skipped, and a fact without a template is never rendered.
 */
export const GENERAL_TEMPLATES: Readonly<Partial<Record<GeneralTopic, readonly FactTemplate[]>>> = {
  short_stay: [
    { fact: 'short_stay.max_days', byDefault: true, render: (v) => n(v, (d) => `A short stay lasts at most ${d} days.`) },
    { fact: 'short_stay.period_days', byDefault: true, render: (v) => n(v, (d) => `Days are counted over any ${d}-day period.`) },
    { fact: 'short_stay.counting', byDefault: true, render: (v) => text(v) },
    // "Can I extend my Schengen visa?" is classified as a stay question; the 90/180 rule does not
    // answer it, the extension rules (Visa Code Art. 33) do, alone.
    { fact: 'visa_extension.mandatory', topic: 'visa_extension', cues: EXTENSION_CUES, byDefault: false, render: (v) => text(v) },
    { fact: 'visa_extension.serious_personal_reasons', topic: 'visa_extension', cues: EXTENSION_CUES, byDefault: false, render: (v) => text(v) },
  ],
  fees: [
    { fact: 'fees.adult', cues: ADULT_CUES, asks: statesAge((age) => age >= CHILD_FEE_BELOW_AGE), byDefault: true, render: (v) => money(v, (a) => `The visa fee for an adult is ${a}.`) },
    { fact: 'fees.child_6_to_11', cues: CHILD_CUES, asks: statesAge((age) => age < CHILD_FEE_BELOW_AGE), byDefault: true, render: (v) => money(v, (a) => `The visa fee for a child aged 6 to 11 is ${a}.`) },
    { fact: 'fees.child_under_6', cues: CHILD_CUES, asks: statesAge((age) => age < CHILD_FEE_BELOW_AGE), byDefault: true, render: (v) => money(v, (a) => `Children under 6 pay ${a} (no fee).`) },
    { fact: 'fees.readmission_higher_fee', cues: ['readmission', 'non cooperating', 'higher fee'], byDefault: false, exclusive: true, render: (v) => amounts(v, (list) => `Nationals of countries found not to cooperate on readmission pay a higher fee: ${list}.`) },
    { fact: 'fees.facilitation_agreement', cues: ['facilitation', 'facilitation agreement'], byDefault: false, exclusive: true, render: (v) => money(v, (a) => `Where an EU visa facilitation agreement sets it, the fee is ${a}.`) },
    { fact: 'fees.external_service_provider_cap', cues: ['vfs', 'tlscontact', 'bls', 'service provider', 'service fee', 'external provider', 'service charge'], byDefault: false, exclusive: true, render: (v) => money(v, (a) => `An external service provider may charge at most ${a} on top of the visa fee.`) },
    { fact: 'fees.extension', cues: EXTENSION_CUES, byDefault: false, exclusive: true, render: (v) => money(v, (a) => `Extending a visa costs ${a}.`) },
    { fact: 'fees.mandatory_waivers', cues: ['waiver', 'waivers', 'waived', 'waive', 'exempt from the fee', 'free of charge', 'student', 'students', 'researcher', 'researchers'], byDefault: false, exclusive: true, render: (v) => text(v) },
  ],
  insurance: [
    { fact: 'insurance.min_cover', byDefault: true, render: (v) => money(v, (a) => `Travel medical insurance must cover at least ${a}.`) },
    { fact: 'insurance.scope', byDefault: true, render: (v) => text(v, (t) => `Scope of the insurance: ${t.charAt(0).toLowerCase()}${t.slice(1)}`) },
    { fact: 'insurance.multiple_entry', cues: ['multiple entry', 'multiple entries', 'multi entry', 'later trips'], byDefault: false, render: (v) => text(v) },
  ],
  application_timing: [
    { fact: 'application_timing.earliest_months', cues: ['early', 'earliest', 'in advance', 'advance', 'how soon', 'months before'], byDefault: true, render: (v) => n(v, (m) => `You can apply at most ${m} months before the trip starts.`) },
    { fact: 'application_timing.earliest_months_seafarers', cues: ['seafarer', 'seafarers', 'seaman', 'sailor'], byDefault: false, render: (v) => n(v, (m) => `Seafarers on duty can apply up to ${m} months before.`) },
    { fact: 'application_timing.latest_days', cues: ['latest', 'last', 'late', 'deadline', 'before travel'], byDefault: true, render: (v) => n(v, (d) => `As a rule, apply no later than ${d} calendar days before the trip.`) },
  ],
  passport: [
    { fact: 'passport.valid_months_after_departure', cues: ['expire', 'expires', 'expiring', 'expiry', 'months after', 'after my trip', 'after departure', 'after i leave'], byDefault: true, render: (v) => n(v, (m) => `Your passport must be valid for at least ${m} months after you leave the Schengen area.`) },
    { fact: 'passport.issued_within_years', cues: ['issued', 'old passport', 'years ago', 'years old', 'age of passport'], byDefault: true, render: (v) => n(v, (y) => `It must have been issued within the previous ${y} years.`) },
    { fact: 'passport.blank_pages', cues: ['page', 'pages', 'blank'], byDefault: true, render: (v) => n(v, (p) => `It needs at least ${p} blank pages.`) },
  ],
  processing_time: [
    { fact: 'processing_time.standard_days', byDefault: true, render: (v) => n(v, (d) => `The consulate decides within ${d} calendar days of an admissible application.`) },
    { fact: 'processing_time.max_days', byDefault: true, render: (v) => n(v, (d) => `In individual cases this can be extended to at most ${d} calendar days.`) },
    { fact: 'processing_time.prior_consultation_days', cues: ['consultation', 'consult', 'other states'], byDefault: false, render: (v) => n(v, (d) => `Prior consultation of other states takes up to ${d} calendar days.`) },
  ],
  where_to_apply: [
    { fact: 'where_to_apply.sole_destination', byDefault: true, render: (v) => text(v) },
    { fact: 'where_to_apply.main_destination', byDefault: true, render: (v) => text(v) },
    { fact: 'where_to_apply.first_entry', byDefault: true, render: (v) => text(v) },
    { fact: 'where_to_apply.representation', cues: ['no consulate', 'no embassy', 'represent', 'represents', 'representation', 'not present'], byDefault: false, render: (v) => text(v) },
  ],
  visa_validity: [
    { fact: 'visa_validity.whole_area', byDefault: true, render: (v) => text(v) },
    { fact: 'visa_validity.one_allowance', byDefault: true, render: (v) => text(v) },
    { fact: 'visa_validity.multiple_entry_cascade', cues: MULTIPLE_ENTRY_CASCADE_CUES, byDefault: false, exclusive: true, render: cascade },
  ],
  ees: [
    { fact: 'ees.start', cues: ['start', 'when', 'begin', 'since'], byDefault: true, render: (v) => { const d = dateOf(v); return d === null ? null : `The Entry/Exit System (EES) started operating on ${d}.`; } },
    { fact: 'ees.full_operation', cues: ['full', 'fully', 'when', 'stamp', 'stamps'], byDefault: true, render: (v) => { const d = dateOf(v); return d === null ? null : `EES was to be fully in operation by ${d}.`; } },
    { fact: 'ees.applies_to', cues: ['who', 'apply to', 'concern', 'exempt', 'need'], byDefault: true, render: (v) => text(v, (t) => `EES concerns ${t}`) },
    { fact: 'ees.biometrics', cues: ['fingerprint', 'fingerprints', 'biometric', 'biometrics', 'photo', 'face'], byDefault: false, render: (v) => text(v, (t) => `It records ${t}`) },
    { fact: 'ees.replaces', cues: ['stamp', 'stamps', 'stamping'], byDefault: false, render: (v) => text(v, (t) => `It replaces ${t}`) },
    { fact: 'overstay.ees_retention_years', topic: 'overstay', cues: ['overstayer', 'overstayers', 'overstay', 'overstayed'], byDefault: false, exclusive: true, render: (v) => n(v, (y) => `For overstayers, EES keeps the record for ${y} years.`) },
    { fact: 'ees.retention_years', cues: ['kept', 'keep', 'keeps', 'stored', 'retention', 'retained'], byDefault: false, exclusive: true, render: (v) => n(v, (y) => `EES keeps a record for ${y} years.`) },
    { fact: 'visa_code.fingerprint_reuse_months', cues: ['reused', 'reuse', 're used', 'previous fingerprints'], byDefault: false, exclusive: true, render: (v) => n(v, (m) => `Fingerprints taken for a visa are reused for ${m} months.`) },
  ],
  etias: [
    // What the sources say about the start, with their dates: never a start date stated as fact.
    { fact: 'etias.start', cues: ['start', 'when', 'launch', 'begin', 'date', 'day', 'need', 'required', 'mandatory'], byDefault: true, render: (v) => text(v) },
    { fact: 'etias.applies_to', cues: ['who', 'need', 'concern', 'apply to', 'visa holder', 'already have'], byDefault: true, render: (v) => text(v, (t) => `ETIAS concerns ${t}`) },
    { fact: 'etias.fee', cues: ['cost', 'fee', 'price', 'pay', 'much'], byDefault: true, render: (v) => money(v, (a) => `The ETIAS fee is ${a}.`) },
    { fact: 'etias.fee_exempt', cues: ['cost', 'fee', 'price', 'pay', 'much', 'free', 'child', 'children', 'under 18', 'over 70', 'elderly'], byDefault: false, render: (v) => text(v) },
    { fact: 'etias.transition', cues: ['transition', 'transitional', 'grace', 'grace period', 'refused', 'without etias'], byDefault: false, render: (v) => text(v) },
    { fact: 'etias.validity', cues: ['valid', 'validity', 'how long is it valid'], byDefault: false, render: (v) => text(v, (t) => `An ETIAS authorisation is valid for ${t}`) },
    { fact: 'etias.processing_time', cues: ['processing', 'processed', 'process', 'decided', 'decision', 'how long does it take', 'how long will it take'], byDefault: false, exclusive: true, render: (v) => text(v, (t) => `ETIAS applications are decided ${t}`) },
  ],
  membership: [
    { fact: 'membership.count', byDefault: true, render: (v) => n(v, (c) => `There are ${c} Schengen states.`) },
  ],
  visa_types: [
    { fact: 'visa_types.uniform_visa', byDefault: true, render: (v) => text(v) },
    { fact: 'visa_types.entries', cues: ['single entry', 'double entry', 'multiple entry', 'multiple entries', 'multi entry', 'entries', 'grace'], byDefault: true, render: (v) => text(v) },
    { fact: 'visa_validity.multiple_entry_cascade', topic: 'visa_validity', cues: MULTIPLE_ENTRY_CASCADE_CUES, byDefault: false, render: cascade },
    { fact: 'visa_types.cascade_india', cues: ['india', 'indian', 'indians'], byDefault: false, exclusive: true, render: (v) => text(v) },
    { fact: 'visa_types.cascade_exceptions', cues: ['depart from', 'exception to the cascade', '24 2a'], byDefault: false, exclusive: true, render: (v) => text(v) },
    { fact: 'visa_types.limited_territorial_validity', cues: ['ltv', 'limited territorial', 'limited validity', 'valid only', 'only valid'], byDefault: false, render: (v) => text(v) },
    { fact: 'visa_types.national_long_stay', cues: ['type d', 'd visa', 'long stay', 'national visa', 'more than 90', 'longer than 90', 'over 90'], byDefault: false, render: (v) => text(v) },
    { fact: 'visa_types.issuing_authority', cues: ['who issues', 'who decides', 'issued by', 'at the border'], byDefault: false, render: (v) => text(v) },
  ],
  airport_transit: [
    { fact: 'airport_transit.who_needs', byDefault: true, render: (v) => text(v) },
    { fact: 'airport_transit.annex_iv', cues: ['which countries', 'which nationalities', 'list', 'annex iv', 'nationals', 'citizens', 'who needs'], byDefault: true, render: (v) => names(v, (list) => `Annex IV lists the nationals of: ${list}.`) },
    { fact: 'airport_transit.no_entry', cues: ['leave the airport', 'enter', 'entry', 'go out', 'outside'], byDefault: true, render: (v) => text(v) },
    { fact: 'airport_transit.exemptions', cues: ['exempt', 'exemption', 'exemptions', 'without', 'hold', 'holder', 'residence permit', 'us visa', 'uk visa'], byDefault: false, render: (v) => text(v) },
    { fact: 'airport_transit.validity', cues: ['valid', 'validity', 'how long'], byDefault: false, render: (v) => text(v) },
  ],
  application_procedure: [
    { fact: 'where_to_apply.main_destination', topic: 'where_to_apply', byDefault: true, render: (v) => text(v, (t) => `Where: ${lowerFirst(t)}`) },
    { fact: 'application_procedure.consulate', byDefault: true, render: (v) => text(v) },
    { fact: 'application_timing.earliest_months', topic: 'application_timing', byDefault: true, render: (v) => n(v, (m) => `When: at most ${m} months before the trip starts,`) },
    { fact: 'application_timing.latest_days', topic: 'application_timing', byDefault: true, render: (v) => n(v, (d) => `and as a rule no later than ${d} calendar days before it.`) },
    { fact: 'application_procedure.checklist', byDefault: true, render: (v) => text(v) },
    { fact: 'application_procedure.in_person', cues: ['in person', 'appear', 'online', 'electronically'], byDefault: true, render: (v) => text(v) },
    { fact: 'fees.adult', topic: 'fees', cues: FEE_CUES, byDefault: true, render: (v) => money(v, (a) => `The visa fee for an adult is ${a}.`) },
    { fact: 'application_procedure.interview', cues: ['interview', 'additional documents', 'more documents'], byDefault: false, render: (v) => text(v) },
    { fact: 'application_procedure.external_providers', cues: ['vfs', 'tls', 'tlscontact', 'bls', 'service provider', 'external', 'visa centre', 'visa center', 'application centre', 'application center'], byDefault: false, render: (v) => text(v) },
    { fact: 'processing_time.standard_days', topic: 'processing_time', byDefault: true, render: (v) => n(v, (d) => `Decision: the consulate decides within ${d} calendar days of an admissible application.`) },
  ],
  eu_family: [
    { fact: 'eu_family.visa_terms', byDefault: true, render: (v) => text(v) },
    { fact: 'eu_family.residence_card', cues: ['residence card', 'card'], byDefault: true, render: (v) => text(v) },
    { fact: 'eu_family.permanent_residence_card', cues: ['permanent'], byDefault: false, render: (v) => text(v) },
    { fact: 'eu_family.no_service_fee', cues: ['service fee', 'service provider', 'vfs', 'tls'], byDefault: false, exclusive: true, render: (v) => text(v) },
    { fact: 'eu_family.processing_days', cues: ['how long', 'processing', 'how many days'], byDefault: false, exclusive: true, render: (v) => text(v) },
  ],
  residence_permit_holders: [
    { fact: 'residence_permit_holders.mobility', byDefault: true, render: (v) => text(v) },
    { fact: 'residence_permit_holders.days_not_counted', cues: ['count', 'counted', 'counts', '90 180'], byDefault: true, render: (v) => text(v) },
    { fact: 'residence_permit_holders.which_permits', cues: ['which permits', 'which residence permits', 'list', 'what counts'], byDefault: false, render: (v) => text(v) },
    { fact: 'residence_permit_holders.third_country_permits', cues: ['uk', 'united kingdom', 'british', 'usa', 'united states', 'american', 'green card', 'ireland', 'irish'], byDefault: false, render: (v) => text(v) },
    { fact: 'residence_permit_holders.transit_only', cues: ['transit', 'airport', 'canada', 'canadian', 'japan', 'green card', 'usa', 'united states'], byDefault: false, render: (v) => text(v) },
  ],
  refusal_appeal: [
    { fact: 'refusal_appeal.standard_form', cues: ['form', 'reasons', 'grounds', 'why'], byDefault: true, render: (v) => text(v) },
    { fact: 'refusal_appeal.right_of_appeal', cues: ['appeal', 'challenge', 'contest'], byDefault: true, render: (v) => text(v) },
    { fact: 'refusal_appeal.national_examples', cues: ['hungary', 'hungarian', 'germany', 'german', 'remonstration', 'deadline', 'how many days'], byDefault: false, render: (v) => text(v) },
    { fact: 'refusal_appeal.reapply', cues: ['reapply', 're apply', 'apply again', 'new application'], byDefault: false, exclusive: true, render: (v) => text(v) },
  ],
  overstay: [
    { fact: 'overstay.ees_list', byDefault: true, render: (v) => text(v) },
    { fact: 'overstay.later_refusal', byDefault: true, render: (v) => text(v) },
    { fact: 'overstay.entry_ban', cues: ['ban', 'banned', 'entry ban', 'return decision'], byDefault: true, render: (v) => text(v) },
    { fact: 'overstay.ban_length', cues: ['ban', 'banned', 'how long', 'years'], byDefault: true, render: (v) => text(v) },
    { fact: 'overstay.ees_retention_years', cues: ['kept', 'record', 'records', 'retention', 'data', 'stored'], byDefault: false, render: (v) => n(v, (y) => `The Entry/Exit System keeps an overstayer's record for ${y} years.`) },
    { fact: 'overstay.fines', cues: ['fine', 'fines', 'penalty', 'penalties'], byDefault: false, exclusive: true, render: (v) => text(v) },
  ],
  visa_extension: [
    { fact: 'visa_extension.mandatory', byDefault: true, render: (v) => text(v) },
    { fact: 'visa_extension.serious_personal_reasons', byDefault: true, render: (v) => text(v) },
    { fact: 'fees.extension', topic: 'fees', cues: FEE_CUES, byDefault: true, render: (v) => money(v, (a) => `The fee for an extension on serious personal reasons is ${a}.`) },
    { fact: 'visa_extension.competent_state', cues: ['where', 'which country', 'who decides', 'sticker'], byDefault: true, render: (v) => text(v) },
  ],
  minors: [
    { fact: 'minors.form_signature', cues: ['sign', 'signs', 'signature', 'form'], byDefault: true, render: (v) => text(v) },
    { fact: 'minors.consent_examples', cues: ['consent', 'both parents', 'one parent', 'alone', 'documents', 'birth certificate'], byDefault: true, render: (v) => text(v) },
    { fact: 'minors.border_checks', cues: ['border', 'accompanied', 'accompanying', 'travelling with', 'traveling with'], byDefault: true, render: (v) => text(v) },
    { fact: 'fees.child_6_to_11', topic: 'fees', cues: FEE_CUES, byDefault: false, render: (v) => money(v, (a) => `The visa fee for a child aged 6 to 11 is ${a}.`) },
    { fact: 'fees.child_under_6', topic: 'fees', cues: FEE_CUES, byDefault: false, render: (v) => money(v, (a) => `Children under 6 pay ${a} (no fee).`) },
    { fact: 'biometrics.exempt', topic: 'biometrics', cues: FINGERPRINT_CUES, byDefault: false, render: (v) => text(v) },
  ],
  biometrics: [
    { fact: 'biometrics.collected', byDefault: true, render: (v) => text(v) },
    { fact: 'biometrics.reuse_months', cues: ['again', 'reuse', 'reused', 're used', '59', 'previous', 'last time', 'every time'], byDefault: true, render: (v) => n(v, (m) => `Fingerprints entered in the Visa Information System less than ${m} months earlier are copied to a new application.`) },
    { fact: 'biometrics.exempt', cues: ['child', 'children', 'kid', 'kids', 'under 12', 'exempt', 'exemption'], byDefault: true, render: (v) => text(v) },
    { fact: 'biometrics.ees_link', cues: ['ees', 'entry exit', 'border'], byDefault: false, render: (v) => text(v) },
    { fact: 'biometrics.vis_reform_date', cues: ['new rules', 'reform', 'facial image', 'age 6', 'over 75'], byDefault: false, exclusive: true, render: (v) => text(v) },
  ],
  visa_free_travel: [
    { fact: 'visa_free_travel.stay', byDefault: true, render: (v) => text(v) },
    { fact: 'visa_free_travel.all_states_together', byDefault: true, render: (v) => text(v) },
    { fact: 'visa_requirement.paid_activity', topic: 'visa_requirement', cues: ['work', 'paid', 'job', 'employment'], byDefault: false, render: (v) => text(v) },
    { fact: 'visa_free_travel.switzerland_paid_activity', cues: ['switzerland', 'swiss', 'work', 'job'], byDefault: false, render: (v) => text(v) },
    { fact: 'etias.applies_to', topic: 'etias', cues: ['etias', 'authorisation', 'authorization'], byDefault: true, render: (v) => text(v, (t) => `Once in operation, ETIAS concerns ${t}`) },
  ],
};
