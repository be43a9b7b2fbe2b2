import { ApiError } from '../errors/api-error.js';
import type { Grounded, Source } from '../http/envelope.js';
import type { CountryFile, NonMember } from './country-schemas.js';
import { oldestVerificationDate, type Fact } from './fact.js';
import { calculateBandTotal, CompiledFinancialRule, formatAmount, perDayAmount } from './financial-engine.js';
import { MAX_DAYS, type Band, type FinancialFile, type Variant } from './financial-schemas.js';
import type { NationalRequirement, RequirementItem } from './requirement-schemas.js';
import type {
  CountryInformation,
  CountryList,
  CountrySummary,
  FinancialBand,
  FinancialRequirement,
  Requirements,
  SourceList,
} from './response-schemas.js';
import type { SourceRegistry } from './source-registry.js';
import { TRAVEL_PURPOSES, type GeneralTopic, type Topic, type TravelPurpose } from './topics.js';
import { compareText } from '../lib/compare-text.js';

/** The validated rule files, as the loader hands them over. */
export interface KnowledgeFiles {
  sources: SourceRegistry;
  countries: readonly CountryFile[];
  nonMembers: readonly NonMember[];
  financial: readonly FinancialFile[];
  common: { all_purposes: RequirementItem[]; by_purpose: Record<TravelPurpose, RequirementItem[]> };
  national: readonly NationalRequirement[];
  general: ReadonlyMap<GeneralTopic, readonly Fact[]>;
}

/** Anything that carries grounding: sources and a verification date. */
interface GroundingParts {
  sources: readonly string[];
  last_verified_at: string | null | undefined;
}

/**
 * One loaded, validated snapshot of the knowledge. Every answer that does not depend on the
 * request (country list, country records, requirements, financial rules without `days`) is
 * computed once here; a financial total is computed on first use per (state, days) and kept.
 * Immutable: a reload builds a new one.
 */
export class Knowledge {
  readonly sources: SourceRegistry;
  private readonly countries: ReadonlyMap<string, CountryFile>;
  private readonly aliases: ReadonlyMap<string, string>;
  private readonly nonMembers: ReadonlyMap<string, NonMember>;
  private readonly financial: ReadonlyMap<string, CompiledFinancialRule>;
  private readonly general: ReadonlyMap<GeneralTopic, readonly Fact[]>;
  private readonly facts: ReadonlyMap<string, Fact>;
  private readonly files: KnowledgeFiles;

  private readonly countryList: Grounded<CountryList>;
  private readonly countryInfo = new Map<string, Grounded<CountryInformation>>();
  private readonly requirements = new Map<string, Grounded<Requirements>>();
  private readonly financialRules = new Map<string, Grounded<FinancialRequirement>>();
  private readonly financialTotals = new Map<string, Promise<Grounded<FinancialRequirement>>>();
  private publishedDates: readonly (string | null)[] | undefined;

  constructor(files: KnowledgeFiles) {
    this.files = files;
    this.sources = files.sources;
    this.countries = new Map(files.countries.map((c) => [c.iso2, c]));
    this.aliases = new Map(files.countries.flatMap((c) => c.aliases.map((alias) => [alias, c.iso2] as const)));
    this.nonMembers = new Map(files.nonMembers.map((n) => [n.iso2, n]));
    this.financial = new Map(files.financial.map((f) => [f.country, new CompiledFinancialRule(f)]));
    this.general = files.general;
    const facts = new Map<string, Fact>();
    for (const list of files.general.values()) for (const fact of list) facts.set(fact.id, fact);
    for (const country of files.countries) for (const fact of countryFacts(country)) facts.set(fact.id, fact);
    for (const rule of files.financial) for (const fact of rule.supplements) facts.set(fact.id, fact);
    this.facts = facts;

    for (const iso of this.countries.keys()) {
      this.countryInfo.set(iso, this.buildCountryInformation(iso));
      this.requirements.set(`${iso}:all`, this.buildRequirements(iso, null));
      for (const purpose of TRAVEL_PURPOSES) this.requirements.set(`${iso}:${purpose}`, this.buildRequirements(iso, purpose));
      this.financialRules.set(iso, this.buildFinancialRequirement(iso, null, null));
    }
    this.countryList = this.buildCountryList();
  }

  /**
   * The verification date (null when unknown) of every published fact of this snapshot: the
   * facts with a value (general rules, country records, financial supplements), every band of
   * a financial rule that states an amount, and every document requirement. The status page's
   * freshness is computed from these. Computed once per snapshot.
   */
  verificationDates(): readonly (string | null)[] {
    if (this.publishedDates) return this.publishedDates;
    const dates: (string | null)[] = [];
    for (const fact of this.facts.values()) if (fact.value !== null) dates.push(fact.last_verified_at);
    for (const rule of this.files.financial) {
      for (const variant of rule.variants) {
        for (const band of variant.bands) if (band.calculation.method !== 'not_published') dates.push(bandVerifiedAt(rule, variant, band));
      }
    }
    const { all_purposes, by_purpose } = this.files.common;
    for (const item of [...all_purposes, ...Object.values(by_purpose).flat(), ...this.files.national]) dates.push(item.last_verified_at);
    this.publishedDates = dates;
    return dates;
  }

  /** ISO codes of the Schengen states, in the order of the country list (by name). */
  memberCodes(): string[] {
    return [...this.countries.values()].sort((a, b) => compareText(a.name, b.name)).map((c) => c.iso2);
  }

  /**
   * Resolves a caller's country code (any case; `EL` for Greece) to a Schengen state's ISO code.
   * Throws ApiError `unprocessable_entity` (422) for a listed non-member such as CY or IE, and
   * `not_found` (404) for any other code. `param` names the request parameter in the error.
   */
  resolveCountry(code: string, param = 'country'): string {
    const upper = code.toUpperCase();
    const iso = this.aliases.get(upper) ?? upper;
    if (this.countries.has(iso)) return iso;
    const nonMember = this.nonMembers.get(iso);
    if (nonMember) {
      throw new ApiError('unprocessable_entity', `${nonMember.name} (${nonMember.iso2}) is not a Schengen state: ${nonMember.reason}`, { param });
    }
    throw new ApiError('not_found', `No Schengen state has the code "${upper}". Use the ISO 3166-1 alpha-2 code of one of the 29 states; GET /countries lists them.`, { param });
  }

  /** The country record of a resolved ISO code; throws for a code `resolveCountry` did not return. */
  country(iso: string): CountryFile {
    const country = this.countries.get(iso);
    if (!country) throw new Error(`${iso} is not a loaded Schengen state`);
    return country;
  }

  /** A fact by id (general rules, country records, financial supplements), or undefined. */
  fact(id: string): Fact | undefined {
    return this.facts.get(id);
  }

  /** The general Schengen rules of a topic, as facts (empty for a topic without a general file). */
  generalFacts(topic: Topic): readonly Fact[] {
    return this.general.get(topic as GeneralTopic) ?? [];
  }

  /** The spec Source records of a set of registry ids, deduplicated, in registry order. */
  resolveSources(ids: Iterable<string>): Source[] {
    return this.sources.resolve(ids);
  }

  /** Grounds a response on the facts it uses: exactly their sources, and the oldest verification date. */
  ground<T>(data: T, parts: Iterable<GroundingParts>): Grounded<T> {
    const ids = new Set<string>();
    const dates: (string | null | undefined)[] = [];
    for (const part of parts) {
      for (const id of part.sources) ids.add(id);
      dates.push(part.last_verified_at);
    }
    return { data, sources: this.sources.resolve(ids), lastVerifiedAt: oldestVerificationDate(dates) };
  }

  listCountries(): Grounded<CountryList> {
    return this.countryList;
  }

  countryInformation(iso: string): Grounded<CountryInformation> {
    return required(this.countryInfo.get(iso), iso);
  }

  /**
   * The Visa Code documents every state asks for, whatever the state: the items of every
   * application and those of each purpose (no national additions, which need a state).
   */
  commonDocuments(): { allPurposes: readonly RequirementItem[]; byPurpose: Readonly<Record<TravelPurpose, readonly RequirementItem[]>> } {
    return { allPurposes: this.files.common.all_purposes, byPurpose: this.files.common.by_purpose };
  }

  documentRequirements(iso: string, purpose: TravelPurpose | null): Grounded<Requirements> {
    return required(this.requirements.get(`${iso}:${purpose ?? 'all'}`), iso);
  }

  /**
   * The financial requirement of a state; with `days` (1..90) the totals are evaluated by the
   * state's json-rules-engine rules, once per (state, days), then served from memory (the same
   * promise). Rejects with RangeError for days outside 1..90.
   */
  financialRequirement(iso: string, days: number | null): Promise<Grounded<FinancialRequirement>> {
    if (days === null) return Promise.resolve(required(this.financialRules.get(iso), iso));
    if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) return Promise.reject(new RangeError(`days must be an integer from 1 to ${MAX_DAYS}`));
    const key = `${iso}:${days}`;
    let result = this.financialTotals.get(key);
    if (!result) {
      const rule = this.financial.get(iso);
      if (!rule) return Promise.reject(new Error(`knowledge has no entry for ${iso}`));
      result = rule.selectBands(days).then((bands) => this.buildFinancialRequirement(iso, days, bands));
      this.financialTotals.set(key, result);
      result.catch(() => this.financialTotals.delete(key));
    }
    return result;
  }

  /**
   * Evaluates every (state, days 1..90) once, so that no request pays for a first json-rules-engine
   * run (about 0.4 ms each, 2,610 in all). It yields to the event loop (setImmediate) after each
   * evaluation, because the engine's promises alone would hold I/O back until the end, so
   * requests keep being served meanwhile. Never rejects: a failure stays with its (state, days)
   * and is retried on the next request.
   */
  async warmFinancialTotals(): Promise<void> {
    for (const iso of this.countries.keys()) {
      for (let days = 1; days <= MAX_DAYS; days += 1) {
        await this.financialRequirement(iso, days).catch(() => undefined);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
  }

  /** Registry entries for a country (member code) and/or topic. */
  findSources(filter: { country?: string; topic?: Topic }): Grounded<SourceList> {
    const list = this.sources.filter(filter);
    return {
      data: { count: list.length, sources: list },
      sources: this.sources.resolve(list.map((s) => s.id)),
      lastVerifiedAt: oldestVerificationDate(list.map((s) => s.last_checked_at)),
    };
  }

  private buildCountryList(): Grounded<CountryList> {
    const summaries: CountrySummary[] = [];
    const parts: GroundingParts[] = [];
    for (const iso of this.memberCodes()) {
      const country = this.country(iso);
      const record = this.countryInformation(iso);
      summaries.push({
        iso2: iso,
        name: country.name,
        membership: country.membership,
        member_since: typeof country.member_since.value === 'string' ? country.member_since.value : null,
        last_verified_at: record.lastVerifiedAt,
      });
      parts.push(country.member_since);
    }
    const membership = this.generalFacts('membership');
    return this.ground({ count: summaries.length, countries: summaries }, [...membership, ...parts]);
  }

  private buildCountryInformation(iso: string): Grounded<CountryInformation> {
    const country = this.country(iso);
    const common: Partial<Record<GeneralTopic, Fact[]>> = {};
    const used: GroundingParts[] = [...countryFacts(country)];
    for (const id of country.common_rules) {
      const fact = required(this.facts.get(id), id);
      const topic = this.topicOf(id);
      (common[topic] ??= []).push(fact);
      used.push(fact);
    }
    const financial = required(this.financial.get(iso), iso).file;
    used.push(financial);
    const national = this.nationalItems(iso, null);
    return this.ground(
      {
        iso2: iso,
        name: country.name,
        membership: country.membership,
        member_since: country.member_since,
        authority: country.authority,
        visa_pages: country.visa_pages,
        where_to_apply: country.where_to_apply,
        common_rules: common,
        state_specific: country.state_specific,
        financial_means: {
          summary: financial.summary,
          currency: financial.currency,
          amount_status: financial.amount_status,
          details: `/financial-requirements?country=${iso}`,
          sources: financial.sources,
          last_verified_at: financial.last_verified_at,
        },
        national_documents: national.map((item) => ({ id: item.id, name: item.name })),
      },
      used,
    );
  }

  private topicOf(factId: string): GeneralTopic {
    for (const [topic, facts] of this.general) if (facts.some((f) => f.id === factId)) return topic;
    throw new Error(`fact ${factId} is not a general rule`);
  }

  private nationalItems(iso: string, purpose: TravelPurpose | null): RequirementItem[] {
    return this.files.national
      .filter((item) => item.countries.includes(iso) && (purpose === null || item.purposes.includes(purpose)))
      .map(({ countries: _countries, purposes: _purposes, ...item }) => item);
  }

  private buildRequirements(iso: string, purpose: TravelPurpose | null): Grounded<Requirements> {
    const country = this.country(iso);
    const purposes = purpose ? [purpose] : [...TRAVEL_PURPOSES];
    const groups = purposes.map((p) => ({
      travel_purpose: p,
      common: this.files.common.all_purposes,
      purpose_specific: this.files.common.by_purpose[p],
      state_specific: this.nationalItems(iso, p),
    }));
    const items = groups.flatMap((g) => [...g.common, ...g.purpose_specific, ...g.state_specific]);
    return this.ground(
      {
        country: iso,
        name: country.name,
        travel_purpose: purpose,
        groups,
        note: 'Visa Code Annex II is a non-exhaustive list: a consulate may waive documents for bona fide travellers (Art. 14(6)) or ask for more in an individual case (Art. 21(8)).',
      },
      items,
    );
  }

  private buildFinancialRequirement(iso: string, days: number | null, selected: ReadonlyMap<string, Band> | null): Grounded<FinancialRequirement> {
    const rule = required(this.financial.get(iso), iso).file;
    const used: GroundingParts[] = [rule, ...rule.supplements];
    const variants = rule.variants.map((variant) => {
      const bands = selected ? [required(selected.get(variant.id), variant.id)] : variant.bands;
      const out = bands.map((band) => describeBand(rule, variant, band, days));
      for (const band of out) used.push(band);
      const total = days === null ? null : (out[0]?.total ?? null);
      return { id: variant.id, applies_when: variant.applies_when, default: variant.default, indicative: variant.indicative ?? rule.indicative, total, bands: out };
    });
    const main = variants.find((v) => v.default) ?? variants[0];
    const mainBand = main?.bands[0];
    const totalReason =
      days === null
        ? 'No `days` given: the rule and per-day amounts are returned without a total.'
        : mainBand?.total === null
          ? withMinimum(mainBand.reason ?? 'No amount is published.', mainBand, rule.currency)
          : null;
    return this.ground(
      {
        country: iso,
        name: this.country(iso).name,
        rule: rule.id,
        days,
        currency: rule.currency,
        amount_status: rule.amount_status,
        indicative: rule.indicative,
        summary: rule.summary,
        legal_basis: rule.legal_basis,
        total: main?.total ?? null,
        total_reason: totalReason,
        variants,
        supplements: rule.supplements,
        notes: rule.notes,
        confidence: rule.confidence,
        sources: rule.sources,
        last_verified_at: rule.last_verified_at,
      },
      used,
    );
  }
}

/** A total's reason, with the minimum that applies in any case when the band has one (a partial answer beats none). */
function withMinimum(reason: string, band: FinancialBand, currency: string): string {
  if (band.method !== 'not_published' || band.minimum_total === null) return reason;
  return `${reason} At least ${formatAmount(currency, band.minimum_total)} in total applies in any case.`;
}

function describeBand(rule: FinancialFile, variant: Variant, band: Band, days: number | null): FinancialBand {
  const c = band.calculation;
  const evaluated = days === null ? null : calculateBandTotal(c, days, rule.currency);
  const notPublished = c.method === 'not_published';
  return {
    rule: band.name,
    from_days: band.days.from,
    to_days: band.days.to,
    method: c.method,
    per_day: perDayAmount(c),
    per_entry: c.method === 'per_entry_plus_per_day' ? c.per_entry : null,
    fixed: c.method === 'fixed_total' ? c.total : 'fixed' in c ? c.fixed : null,
    minimum_total: 'minimum_total' in c ? (c.minimum_total ?? null) : null,
    per_full_month: c.method === 'fixed_plus_per_full_month' ? c.per_full_month : null,
    total: evaluated?.total ?? null,
    working: evaluated?.working ?? null,
    reason: notPublished ? c.reason : null,
    confidence: notPublished ? null : (band.confidence ?? variant.confidence ?? rule.confidence),
    sources: band.sources ?? variant.sources ?? rule.sources,
    last_verified_at: bandVerifiedAt(rule, variant, band),
    note: band.note ?? variant.note ?? null,
  };
}

/** A band's verification date: its own, else its variant's, else the rule file's (an explicit null overrides too). */
function bandVerifiedAt(rule: FinancialFile, variant: Variant, band: Band): string | null {
  if (band.last_verified_at !== undefined) return band.last_verified_at;
  if (variant.last_verified_at !== undefined) return variant.last_verified_at;
  return rule.last_verified_at;
}

/** Every fact a country record carries (not the general facts it references). */
export function countryFacts(country: CountryFile): Fact[] {
  return [country.member_since, country.authority, ...country.visa_pages, ...country.where_to_apply, ...country.state_specific];
}

function required<T>(value: T | undefined, key: string): T {
  if (value === undefined) throw new Error(`knowledge has no entry for ${key}`);
  return value;
}
