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
const EXTENSION_CUES = ['extend', 'extends', 'extended', 'extension', 'extending', 'prolong', 'prolongation', 'prolonged'];

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
    // "Can I extend my Schengen visa?" is classified as a stay question; the rules hold no fact on
    // extending a visa (Art. 33), so the topic says so rather than answering with the 90/180 rule.
    { fact: 'short_stay.extension', cues: EXTENSION_CUES, byDefault: false, exclusive: true, render: (v) => text(v) },
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
    { fact: 'visa_validity.multiple_entry_cascade', cues: ['cascade', '5 year', 'five year', 'multiple entry', 'multi entry', 'long validity'], byDefault: false, exclusive: true, render: (v) => text(v, (t) => `Multiple-entry visas follow these steps: ${t}`) },
  ],
  ees: [
    { fact: 'ees.start', cues: ['start', 'when', 'begin', 'since'], byDefault: true, render: (v) => { const d = dateOf(v); return d === null ? null : `The Entry/Exit System (EES) started operating on ${d}.`; } },
    { fact: 'ees.full_operation', cues: ['full', 'fully', 'when', 'stamp', 'stamps'], byDefault: true, render: (v) => { const d = dateOf(v); return d === null ? null : `EES has been in full operation since ${d}.`; } },
    { fact: 'ees.applies_to', cues: ['who', 'apply to', 'concern', 'exempt', 'need'], byDefault: true, render: (v) => text(v, (t) => `EES concerns ${t}`) },
    { fact: 'ees.biometrics', cues: ['fingerprint', 'fingerprints', 'biometric', 'biometrics', 'photo', 'face'], byDefault: false, render: (v) => text(v, (t) => `It records ${t}`) },
    { fact: 'ees.replaces', cues: ['stamp', 'stamps', 'stamping'], byDefault: false, render: (v) => text(v, (t) => `It replaces ${t}`) },
    { fact: 'ees.retention_overstayers', cues: ['overstayer', 'overstayers', 'overstay', 'overstayed'], byDefault: false, exclusive: true, render: (v) => n(v, (y) => `For overstayers, EES keeps the record for ${y} years.`) },
    { fact: 'ees.retention_years', cues: ['kept', 'keep', 'keeps', 'stored', 'retention', 'retained'], byDefault: false, exclusive: true, render: (v) => n(v, (y) => `EES keeps a record for ${y} years.`) },
    { fact: 'visa_code.fingerprint_reuse_months', cues: ['reused', 'reuse', 're used', 'previous fingerprints'], byDefault: false, exclusive: true, render: (v) => n(v, (m) => `Fingerprints taken for a visa are reused for ${m} months.`) },
  ],
  etias: [
    { fact: 'etias.start', cues: ['start', 'when', 'launch', 'begin', 'date', 'day', 'need', 'required', 'mandatory'], byDefault: true, render: (v) => { const d = dateOf(v); return d === null ? null : `ETIAS is planned to start in ${d}.`; } },
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
};
