import type { Fact } from '../knowledge/fact.js';
import type { Knowledge } from '../knowledge/knowledge.js';
import type { RequirementItem } from '../knowledge/requirement-schemas.js';
import { MAX_DAYS } from '../knowledge/financial-schemas.js';
import type { FinancialBand } from '../knowledge/response-schemas.js';
import type { AnswerPart, UsedFact } from './answer-part.js';
import type { PartInput } from './part-input.js';
import { formatMoney, formatNumber, joinPhrases } from './format-value.js';
import { hasCue, useFact } from './general-part.js';
import { GENERAL_TEMPLATES } from './general-templates.js';
import { compareText } from '../lib/compare-text.js';

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function stop(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The text a fact value states, for facts whose value is a name, an address or a statement. */
export function statementOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const parts = ['name', 'organization', 'title', 'text', 'rule', 'statement'].map((key) => record[key]).filter((v): v is string => typeof v === 'string');
    const url = typeof record.url === 'string' ? record.url : null;
    if (parts[0] && url) return `${parts[0]} (${url})`;
    if (parts[0]) return parts[0];
    if (url) return url;
  }
  return null;
}

function itemFact(item: RequirementItem): UsedFact {
  return { id: item.id, value: item.name, sources: item.sources, lastVerifiedAt: item.last_verified_at };
}

function itemList(items: readonly RequirementItem[]): string {
  return joinPhrases(items.map((item) => (item.mandatory ? item.name : `${item.name} (where it applies)`)));
}

/**
 * Documents for a state and purpose (all three purposes, grouped, when none is given), as
 * `GET /requirements` returns them: the Visa Code items every applicant provides, the items of
 * the purpose and the state's own. Needs the country.
 */
export function answerDocuments(input: PartInput): AnswerPart {
  if (!input.country) return answerCommonDocuments(input);
  const requirements = input.knowledge.documentRequirements(input.country, input.travelPurpose).data;
  const facts = new Map<string, UsedFact>();
  const sentences: string[] = [];
  const [first] = requirements.groups;
  if (!first) return { reason: 'no_matching_rule' };
  for (const item of first.common) facts.set(item.id, itemFact(item));
  sentences.push(`For a visa to ${requirements.name}, every applicant provides: ${itemList(first.common)}.`);
  for (const group of requirements.groups) {
    for (const item of [...group.purpose_specific, ...group.state_specific]) facts.set(item.id, itemFact(item));
    if (group.purpose_specific.length > 0) sentences.push(`For ${group.travel_purpose}: ${itemList(group.purpose_specific)}.`);
    if (group.state_specific.length > 0) sentences.push(`Specific to ${requirements.name} for ${group.travel_purpose}: ${itemList(group.state_specific)}.`);
  }
  return { facts: [...facts.values()], sentences };
}

/**
 * Documents without a state: the Visa Code items are the same in every Schengen state, so they
 * are answered (for the purpose given, or each purpose) and the answer says that a state's own
 * additions need the state.
 */
function answerCommonDocuments(input: PartInput): AnswerPart {
  const { allPurposes, byPurpose } = input.knowledge.commonDocuments();
  if (allPurposes.length === 0) return { reason: 'missing_country' };
  const facts = new Map<string, UsedFact>();
  for (const item of allPurposes) facts.set(item.id, itemFact(item));
  const sentences = [`In every Schengen state (Visa Code), every applicant provides: ${itemList(allPurposes)}.`];
  const purposes = input.travelPurpose ? [input.travelPurpose] : (Object.keys(byPurpose) as (keyof typeof byPurpose)[]);
  for (const purpose of purposes) {
    const items = byPurpose[purpose];
    if (items.length === 0) continue;
    for (const item of items) facts.set(item.id, itemFact(item));
    sentences.push(`For ${purpose}: ${itemList(items)}.`);
  }
  sentences.push('A state may add its own documents: name the state for its additions.');
  return { facts: [...facts.values()], sentences };
}

/** The value of a financial band fact: what the text states, without the empty fields. */
function bandValue(band: FinancialBand, extra: Record<string, unknown>): Record<string, unknown> {
  const value: Record<string, unknown> = { ...extra, method: band.method, from_days: band.from_days, to_days: band.to_days };
  for (const key of ['per_day', 'per_entry', 'fixed', 'minimum_total', 'per_full_month', 'total', 'reason'] as const) {
    if (band[key] !== null) value[key] = band[key];
  }
  return value;
}

/** The amounts each calculation method states; a band missing one is not rendered (never as 0). */
const AMOUNTS_OF_METHOD: Readonly<Record<FinancialBand['method'], readonly ('per_day' | 'per_entry' | 'fixed' | 'minimum_total' | 'per_full_month')[]>> = {
  per_day: ['per_day'],
  per_day_with_minimum: ['per_day', 'minimum_total'],
  per_entry_plus_per_day: ['per_entry', 'per_day'],
  fixed_total: ['fixed'],
  fixed_plus_per_day: ['fixed', 'per_day'],
  fixed_plus_per_full_month: ['fixed', 'per_full_month'],
  minimum_total: ['minimum_total'],
  not_published: [],
};

function describeBand(band: FinancialBand, currency: string): string | null {
  if (AMOUNTS_OF_METHOD[band.method].some((key) => band[key] === null)) return null;
  const m = (amount: number | null) => formatMoney(amount ?? Number.NaN, currency);
  const span = `for a stay of ${formatNumber(band.from_days)} to ${formatNumber(band.to_days)} days`;
  // A per-day band that covers only some stays says which ("€44.93 per day for a stay of 6 to 10 days").
  const partial = band.from_days > 1 || band.to_days < MAX_DAYS ? ` ${span}` : '';
  switch (band.method) {
    case 'per_day':
      return `${m(band.per_day)} per day${partial}`;
    case 'per_day_with_minimum':
      return `${m(band.per_day)} per day, at least ${m(band.minimum_total)} in total${partial}`;
    case 'per_entry_plus_per_day':
      return `${m(band.per_entry)} per entry plus ${m(band.per_day)} per day${partial}`;
    case 'fixed_total':
      return `a fixed total of ${m(band.fixed)} ${span}`;
    case 'fixed_plus_per_day':
      return `${m(band.fixed)} plus ${m(band.per_day)} per day ${span}`;
    case 'fixed_plus_per_full_month':
      return `${m(band.fixed)} plus ${m(band.per_full_month)} per full month ${span}`;
    case 'minimum_total':
      return `at least ${m(band.minimum_total)} in total ${span}`;
    case 'not_published':
      return band.minimum_total === null
        ? `no reference amount is published (${band.reason ?? 'none published'})`
        : `at least ${m(band.minimum_total)} in total in any case ${span}; no further amount is published (${band.reason ?? 'none published'})`;
  }
}

/**
 * Money for a stay, as `GET /financial-requirements` calculates it: each variant (hotel, host,
 * no proof of accommodation...) with the band that applies and, with `days`, the total. A state
 * that publishes no amount (Austria) is answered with that confirmed absence and no total; a
 * state whose sources conflict (Greece) is `value_not_verified`, never an estimate.
 */
export async function answerFinancialMeans(input: PartInput): Promise<AnswerPart> {
  if (!input.country) return { reason: 'missing_country' };
  // A stay over 90 days is not a short stay: the rule is answered without a total.
  const days = input.days !== null && input.days >= 1 && input.days <= MAX_DAYS ? input.days : null;
  const requirement = (await input.knowledge.financialRequirement(input.country, days)).data;
  // Sources in conflict with no minimum that holds under every reading: nothing to say.
  const minimumInAnyCase = requirement.variants.some((variant) => variant.bands.some((band) => band.method === 'not_published' && band.minimum_total !== null));
  if (requirement.amount_status === 'conflict' && !minimumInAnyCase) return { reason: 'value_not_verified' };
  const facts: UsedFact[] = [];
  const sentences: string[] = [];
  const variants = [...requirement.variants].sort((a, b) => Number(b.default) - Number(a.default));
  for (const variant of variants) {
    for (const band of variant.bands) {
      if (band.sources.length === 0) continue;
      // A band with no amount (sources in conflict for those days, as Spain's from 10 days) is
      // said when the whole rule is asked for; for a stay it covers, there is nothing to give.
      // A partial answer beats none: a band without a total that still has a minimum says it.
      if (band.method === 'not_published' && requirement.amount_status !== 'none_published' && requirement.days !== null && band.minimum_total === null) continue;
      const described = describeBand(band, requirement.currency);
      if (described === null) continue;
      const value = bandValue(band, {
        country: requirement.country,
        variant: variant.id,
        applies_when: variant.applies_when,
        currency: requirement.currency,
        indicative: variant.indicative,
        ...(requirement.days === null ? {} : { days: requirement.days }),
      });
      facts.push({ id: band.rule, value, sources: band.sources, lastVerifiedAt: band.last_verified_at });
      const total = requirement.days !== null && band.total !== null ? `; for ${formatNumber(requirement.days)} days, ${formatMoney(band.total, requirement.currency)}` : '';
      const indicative = variant.indicative && band.method !== 'not_published' ? ' (indicative only, not a threshold)' : '';
      sentences.push(
        band.method === 'not_published' && band.minimum_total !== null
          ? stop(`${requirement.name}: at least ${formatMoney(band.minimum_total, requirement.currency)} in total applies in any case; ${band.reason ?? 'no further amount is published'}`)
          : band.method === 'not_published'
          ? stop(`${requirement.name}: ${band.reason ?? 'no reference amount is published'}`)
          : `${requirement.name} (${lowerFirst(variant.applies_when)}): ${described}${total}${indicative}.`,
      );
    }
  }
  if (facts.length === 0) return { reason: 'value_not_verified' };
  if (input.days !== null && days === null) {
    // Asked for more than 90 days: say why there is no total, from the 90/180 rule itself.
    const stay = input.knowledge.generalFacts('short_stay').find((fact) => fact.id === 'short_stay.max_days');
    if (stay && typeof stay.value === 'number') {
      facts.push(useFact(stay));
      sentences.push(`A short stay lasts at most ${formatNumber(stay.value)} days, so no total is given for a longer stay.`);
    }
  }
  return { facts, sentences };
}

/** The national authority, its official visa pages and the state's application channels. */
export function answerCountryInformation(input: PartInput): AnswerPart {
  if (!input.country) return { reason: 'missing_country' };
  const info = input.knowledge.countryInformation(input.country).data;
  const facts: UsedFact[] = [];
  const sentences: string[] = [];
  const add = (fact: Fact, render: (statement: string) => string) => {
    if (fact.value === null || fact.sources.length === 0) return;
    const statement = statementOf(fact.value);
    if (statement === null) return;
    facts.push(useFact(fact));
    sentences.push(stop(render(statement)));
  };
  add(info.authority, (s) => `The visa authority of ${info.name}: ${s}`);
  for (const page of info.visa_pages) add(page, (s) => `Official visa page: ${s}`);
  for (const channel of info.where_to_apply) add(channel, (s) => capitalise(s));
  if (facts.length === 0) return { reason: 'value_not_verified' };
  return { facts, sentences };
}

/** The 29 Schengen states, from the membership rules and the country records. */
export function answerCountryList(input: PartInput): AnswerPart {
  return countryList(input.knowledge);
}

/** The membership fact about one non-member by its English name ("Cyprus" → `membership.cyprus`). */
function membershipFactId(name: string): string {
  return `membership.${name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '')}`;
}

/**
 * "Is Cyprus part of Schengen?": a non-member (`code`, named `name` in the language tables) is
 * answered from the membership rules. A confirmed fact about that state (`membership.cyprus`,
 * `membership.ireland`) is the answer; a state the rules say nothing specific about is answered
 * with the 29 Schengen states, which it is not among, only when membership is all the question
 * asks (`onlyMembership`): "is Montenegro part of Schengen, is my visa valid there?" asks about
 * the state itself, and the list of the area is no answer to that (`not_schengen_state`).
 */
export function answerMembershipOf(knowledge: Knowledge, code: string, name: string | null, onlyMembership: boolean): AnswerPart {
  const membership = knowledge.generalFacts('membership');
  const own = name === null ? undefined : membership.find((fact) => fact.id === membershipFactId(name));
  if (own && own.value !== null && own.sources.length > 0) {
    const statement = statementOf(own.value);
    if (statement !== null) return { facts: [useFact(own)], sentences: [stop(capitalise(statement))] };
  }
  if (own && own.value === null) return { reason: 'value_not_verified' };
  // A list that named the state would not answer that it is not a member.
  const states = membership.find((fact) => fact.id === 'membership.states');
  if (states?.kind === 'country_codes' && states.value?.includes(code)) return { reason: 'no_matching_rule' };
  return onlyMembership ? countryList(knowledge) : { reason: 'not_schengen_state' };
}

function countryList(knowledge: Knowledge): AnswerPart {
  const facts: UsedFact[] = [];
  const sentences: string[] = [];
  const membership = new Map(knowledge.generalFacts('membership').map((fact) => [fact.id, fact]));
  for (const template of GENERAL_TEMPLATES.membership ?? []) {
    const fact = membership.get(template.fact);
    if (!fact || fact.value === null) continue;
    const sentence = template.render(fact.value);
    if (sentence === null) continue;
    facts.push(useFact(fact));
    sentences.push(sentence);
  }
  const states = membership.get('membership.states');
  if (states && Array.isArray(states.value)) {
    const names = states.value
      .map((entry) => (typeof entry === 'string' ? nameOfState(knowledge, entry) : statementOf(entry)))
      .filter((name): name is string => name !== null)
      .sort(compareText);
    if (names.length > 0) {
      facts.push(useFact(states));
      sentences.push(`The Schengen states: ${joinPhrases(names)}.`);
    }
  }
  if (facts.length === 0) return { reason: 'no_matching_rule' };
  return { facts, sentences };
}

/** A state's English name from its country record; the code itself when it has none. */
function nameOfState(knowledge: Knowledge, code: string): string {
  try {
    return knowledge.country(code).name;
  } catch {
    return code;
  }
}

/**
 * The registry's sources: for the topic the question asks about ("the source of the fee rule"),
 * within the state when one is named; else for the state (its own sources, not the EU-wide ones).
 * Each source is a fact whose value is its record and whose source is itself.
 */
export function answerSourceLookup(input: PartInput): AnswerPart {
  if (!input.country && !input.subjectTopic) return { reason: 'missing_country' };
  const filter = { ...(input.country ? { country: input.country } : {}), ...(input.subjectTopic ? { topic: input.subjectTopic } : {}) };
  const found = input.knowledge.findSources(filter).data.sources;
  const list = input.subjectTopic ? found : found.filter((source) => !source.countries.includes('*'));
  if (list.length === 0) return { reason: 'no_matching_rule' };
  const facts: UsedFact[] = list.map((source) => ({
    id: `source.${source.id}`,
    value: { organization: source.organization, url: source.url, official: source.official },
    sources: [source.id],
    lastVerifiedAt: source.last_checked_at,
  }));
  const about = [input.subjectTopic ? `on ${input.subjectTopic.replace(/_/g, ' ')}` : null, input.country ? `for ${nameOfState(input.knowledge, input.country)}` : null].filter(Boolean).join(' ');
  const sentences = [`Sources ${about}: ${list.map((source) => `${source.organization}${source.official ? '' : ' (not official)'} (${source.url})`).join('; ')}.`];
  return { facts, sentences };
}

/** Names that take "the" in running English ("nationals of the United Kingdom"). */
const NAMES_WITH_THE = /^(?:the |united |holy see|palestinian )|republic\b|islands$|^(?:bahamas|comoros|maldives|philippines|seychelles|netherlands|gambia)$/i;

/** A state's name as it reads after "nationals of": "the United Kingdom", "the Gambia", "Brazil". */
export function nationalsOf(name: string): string {
  if (/^the /i.test(name)) return `the ${name.slice(4)}`;
  return NAMES_WITH_THE.test(name) ? `the ${name}` : name;
}

/** Wordings of condition details that read as a clause once articles are added. */
const CONDITION_DETAILS: Readonly<Record<string, string>> = {
  'from entry into force of visa-waiver agreement': 'from the entry into force of a visa-waiver agreement',
};

/**
 * The clause an Annex II condition adds after "need no visa for a short stay (…)", for every
 * shape `rules/general/visa_requirement.json` holds: "biometric passport (ICAO); incl. …" → "if
 * they hold a biometric passport (ICAO), including …"; "footnote 7: from …" → "subject to
 * footnote 7 of Annex II (from …)"; "excluding Annex II Part 3 categories" → "except for the
 * Annex II Part 3 categories". Any other wording is quoted as it stands: "(condition: …)".
 */
export function conditionClause(condition: string): string {
  const [head = '', ...rest] = condition.split(/;\s*/);
  const extra = rest.map((part) => part.replace(/^incl\.\s*/i, 'including ')).join(', ');
  const withExtra = (clause: string) => (extra ? `${clause}, ${extra}` : clause);
  const passport = /^(biometric passports?)(.*)$/i.exec(head);
  if (passport) return withExtra(`, if they hold a ${passport[1]?.replace(/s$/, '') ?? ''}${passport[2] ?? ''}`);
  const footnote = /^footnote (\d+)(?::\s*(.+))?$/i.exec(head);
  if (footnote) {
    const detail = footnote[2] ? ` (${CONDITION_DETAILS[footnote[2]] ?? footnote[2]})` : '';
    return withExtra(`, subject to footnote ${footnote[1] ?? ''} of Annex II${detail}`);
  }
  const excluding = /^(?:excluding|except) (?:the )?(.+)$/i.exec(head);
  if (excluding) return withExtra(`, except for the ${excluding[1] ?? ''}`);
  return ` (condition: ${condition})`;
}

/** Words asking which nationalities need a visa ("who needs a Schengen visa?"), or which do not. */
/**
 * The EU visa lists the visa-requirement answer quotes outside the general templates. Their fact
 * cues (fact-cues.json and each language's `fact_cues`, under `visa_requirement`): annex_i's ask
 * for the list ("who needs a Schengen visa?", "welche Staatsangehörigen"), annex_ii's turn such a
 * question to the nationals who need no visa ("who does not need", "… ohne Visum").
 */
export const VISA_LIST_FACTS = ['visa_requirement.annex_i', 'visa_requirement.annex_ii'] as const;

/**
 * "Who needs a Schengen visa?" asks for the rule, not one nationality's case: the nationals of
 * the states on the EU visa list (Annex I) need one and those of Annex II do not. Any other
 * question without a nationality is `missing_nationality`.
 */
function answerWhoNeedsAVisa(input: PartInput): AnswerPart {
  // annex_i's cues ask for the list; annex_ii's turn it to the visa-free side, and alone ask nothing.
  const listCues = input.factCues.byTopic.get('visa_requirement');
  if (!hasCue(input.cueText, listCues?.get('visa_requirement.annex_i'))) return { reason: 'missing_nationality' };
  const exempt = hasCue(input.cueText, listCues?.get('visa_requirement.annex_ii'));
  const fact = input.knowledge.generalFacts('visa_requirement').find((f) => f.id === (exempt ? 'visa_requirement.annex_ii' : 'visa_requirement.annex_i'));
  if (!fact || !Array.isArray(fact.value) || fact.sources.length === 0) return { reason: 'missing_nationality' };
  const names = fact.value
    .map((entry) => (entry && typeof entry === 'object' ? (entry as Record<string, unknown>).name : null))
    .filter((name): name is string => typeof name === 'string');
  if (names.length === 0) return { reason: 'missing_nationality' };
  const sentence = exempt
    ? `Nationals of the countries and territories on Annex II of the EU visa list need no visa for a short stay: ${joinPhrases(names)}.`
    : `Nationals of the countries and territories on Annex I of the EU visa list need a Schengen visa for a short stay: ${joinPhrases(names)}. Give your nationality for your own case.`;
  return { facts: [useFact(fact)], sentences: [sentence] };
}

/** The caveat of Reg. 2018/1806 Art. 6(3) given to a visa-exempt national who asks about work (its cues in fact-cues.json). */
const PAID_ACTIVITY_FACT = 'visa_requirement.paid_activity';

/**
 * Whether a nationality needs a visa, from Reg. 2018/1806 Annex I (visa required) and Annex II
 * (exempt) as `rules/general/visa_requirement.json` lists them. Needs the nationality. An
 * exemption is stated with its condition and, from the 90/180 rule's facts, how long it lasts:
 * "up to 90 days in any 180-day period" when both facts are used, never a number without its fact.
 */
export function answerVisaRequirement(input: PartInput): AnswerPart {
  if (!input.nationality) return answerWhoNeedsAVisa(input);
  const code = input.nationality;
  const facts = new Map(input.knowledge.generalFacts('visa_requirement').map((fact) => [fact.id, fact]));
  const find = (id: string) => {
    const fact = facts.get(id);
    if (!fact || !Array.isArray(fact.value)) return null;
    const entry = fact.value.find((e) => e && typeof e === 'object' && (e as Record<string, unknown>).code === code) as Record<string, unknown> | undefined;
    return entry ? { fact, entry } : null;
  };
  const required = find('visa_requirement.annex_i');
  const exempt = required ? null : find('visa_requirement.annex_ii');
  const found = required ?? exempt;
  if (!found) return { reason: 'no_matching_rule' };
  const name = typeof found.entry.name === 'string' ? found.entry.name : code;
  const condition = typeof found.entry.condition === 'string' ? found.entry.condition : null;
  const value: Record<string, unknown> = { nationality: code, name, status: required ? 'visa_required' : 'visa_exempt', ...(condition ? { condition } : {}) };
  const used: UsedFact[] = [{ id: `visa_requirement.${code.toLowerCase()}`, value, sources: found.fact.sources, lastVerifiedAt: found.fact.last_verified_at }];
  const sentences = [
    required
      ? `Nationals of ${nationalsOf(name)} need a Schengen visa for a short stay (EU visa list, Annex I).`
      : `Nationals of ${nationalsOf(name)} need no visa for a short stay (EU visa list, Annex II)${condition ? conditionClause(condition) : ''}.`,
  ];
  if (exempt) {
    const shortStay = input.knowledge.generalFacts('short_stay');
    const stay = shortStay.find((fact) => fact.id === 'short_stay.max_days');
    const period = shortStay.find((fact) => fact.id === 'short_stay.period_days');
    const etias = input.knowledge.generalFacts('etias').find((fact) => fact.id === 'etias.applies_to');
    if (stay && typeof stay.value === 'number' && stay.sources.length > 0) {
      used.push(useFact(stay));
      if (period && typeof period.value === 'number' && period.sources.length > 0) {
        used.push(useFact(period));
        sentences.push(`The exemption covers stays of up to ${formatNumber(stay.value)} days in any ${formatNumber(period.value)}-day period.`);
      } else {
        sentences.push(`The exemption covers stays of up to ${formatNumber(stay.value)} days.`);
      }
    }
    if (etias && typeof etias.value === 'string' && hasCue(input.text, ['etias'])) {
      used.push(useFact(etias));
      sentences.push(stop(`ETIAS concerns ${etias.value}`));
    }
    // "Can I do seasonal work in Germany without a visa?": the exemption is no right to work.
    const paid = facts.get(PAID_ACTIVITY_FACT);
    if (paid && typeof paid.value === 'string' && paid.sources.length > 0 && hasCue(input.cueText, input.factCues.byFact.get(PAID_ACTIVITY_FACT))) {
      used.push(useFact(paid));
      sentences.push(stop(paid.value));
    }
  }
  return { facts: used, sentences };
}
