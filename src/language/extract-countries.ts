import type { Evidence } from './evidence.js';
import { heldCue } from './held-documents.js';
import type { CountryScope, CountryTerm, CountryTermKind, LanguageTables } from './language-tables.js';
import type { Token } from './tokenize-question.js';

/**
 * How a country mention is used in the question. `document`: the country of a visa or permit the
 * applicant holds ("I have a US visa", "a UK residence permit"), which is not where they go.
 */
export type CountryRole = 'destination' | 'origin' | 'nationality' | 'relative' | 'denied' | 'residence' | 'document';

export interface CountryMention {
  code: string;
  scope: CountryScope;
  role: CountryRole;
  start: number;
  end: number;
  matched: string;
  rule: string;
  /** How the question names it: a name (or code), a city, a demonym. */
  kind: CountryTermKind;
  /** Higher is more likely the destination: cues such as "to"/"visit" raise it, "from"/"issued by" lower it. */
  score: number;
  /** A `document` mention that is a visa the applicant holds ("my Cyprus visa"), not a permit ("a UK residence permit"). */
  heldVisa?: boolean;
  /** A `nationality` mention's cue words ("citizenship" in "Armenian citizenship"), when a cue made it one. */
  cueAt?: WordSpan;
}

/** Word indexes [start, end). */
export interface WordSpan {
  start: number;
  end: number;
}

export interface CountryFindings {
  /** The Schengen state the question is about, or null. */
  country: string | null;
  /** `not_schengen` when every destination named is outside the Schengen area. */
  destinationStatus: 'schengen' | 'not_schengen' | null;
  nonSchengenDestination: string | null;
  nationality: string | null;
  /** The cue that made a country the nationality ("citizenship" in "Armenian citizenship"), or null. */
  nationalityCueAt: WordSpan | null;
  /** How many different Schengen states the question names as destinations. */
  schengenStates: number;
  /** A non-member whose visa the applicant holds ("can I use my Cyprus visa…", "with a UK visa"), or null. */
  visaHeldOutside: string | null;
  /** Whether a country is named as a permit the applicant holds ("a UK residence permit", "my US green card"). */
  permitHeld: boolean;
  /**
   * A non-member where the applicant lives or whose permit or visa they hold ("I live in Dubai",
   * "a UK residence permit", "my Canadian visa"), or null: a permit of such a state is no
   * Schengen residence permit.
   */
  homeOutside: string | null;
  /**
   * With a non-member destination, a Schengen state passed through on the way ("to Toronto via
   * Amsterdam", "through Frankfurt"): what an airport-transit question is about. Else null.
   */
  transitState: string | null;
  evidence: Evidence[];
}

/**
 * Finds the countries a question names (English names, endonyms, demonyms, cities, ISO codes
 * written as codes) and decides what each one is: the destination, the applicant's nationality
 * ("I am Indian", "citizen of Egypt", "Nigerians"), where they live ("I live in London") or
 * where they come from ("from", "via", "issued by"). `clauseStarts`: the index of each clause's
 * first word (a visa word across a comma names no state's visa). Pure.
 */
export function extractCountries(
  tables: LanguageTables,
  tokens: readonly Token[],
  words: readonly string[],
  corrected: ReadonlyMap<number, string>,
  clauseStarts: ReadonlySet<number>,
): CountryFindings {
  const mentions = asTravellers(findMentions(tables, tokens, words, corrected, clauseStarts));
  const evidence: Evidence[] = [];

  const nationality = mentions.find((m) => m.role === 'nationality') ?? null;
  const destinations = mentions.filter((m) => m.role === 'destination' && m.scope !== 'nationality');
  const schengenDestination = bestOf(destinations, 'schengen');
  // A Schengen state named as a destination wins over any non-member, whatever the order ("to
  // London and Paris"): the question is out of scope only when every destination is outside.
  const outside = schengenDestination === null ? bestOf(destinations, 'not_schengen') : null;
  // With no destination at all, the Schengen state the visa comes from ("a visa issued by
  // Italy", "I have a French visa") is the one the question is about. A non-member named that
  // way ("from New York", "a US visa") is where the applicant is or what they hold: no destination.
  const schengen = outside ? null : (schengenDestination ?? bestOf(mentions.filter((m) => m.role === 'origin' || m.role === 'document'), 'schengen'));

  // "Combien coûte une attestation d'accueil ?": with no state named, a document only one state
  // has names that state (countries.json `document_states`).
  const byDocument = schengen || outside ? null : (tables.documentStates.findAll(words)[0] ?? null);
  const documentCode = byDocument?.values[0] ?? null;

  if (schengen) evidence.push({ field: 'country', value: schengen.code, matched: schengen.matched, rule: `${schengen.rule}, ${schengen.role}` });
  if (byDocument && documentCode) evidence.push({ field: 'country', value: documentCode, matched: words.slice(byDocument.start, byDocument.end).join(' '), rule: `a document only ${documentCode} has` });
  if (outside) {
    evidence.push({ field: 'destination', value: 'not_schengen', matched: outside.matched, rule: `${outside.rule}: ${tables.countries.get(outside.code)?.note ?? 'outside the Schengen area'}` });
  }
  if (nationality) evidence.push({ field: 'nationality', value: nationality.code, matched: nationality.matched, rule: nationality.rule });
  for (const m of mentions) {
    const setAside = setAsideReason(m, schengenDestination);
    if (setAside) evidence.push({ field: 'country', value: null, matched: m.matched, rule: `${m.rule}: ${setAside}` });
  }

  return {
    country: schengen?.code ?? documentCode,
    destinationStatus: outside ? 'not_schengen' : schengen || documentCode ? 'schengen' : null,
    nonSchengenDestination: outside?.code ?? null,
    nationality: nationality?.code ?? null,
    nationalityCueAt: nationality?.cueAt ?? null,
    schengenStates: new Set(destinations.filter((m) => m.scope === 'schengen').map((m) => m.code)).size,
    visaHeldOutside: mentions.find((m) => m.role === 'document' && m.heldVisa === true && m.scope !== 'schengen')?.code ?? null,
    permitHeld: mentions.some((m) => m.role === 'document' && m.heldVisa === false),
    homeOutside: homeOutside(mentions),
    transitState: outside ? (mentions.find((m) => m.role === 'origin' && m.scope === 'schengen' && TRANSIT_CUES.test(m.rule))?.code ?? null) : null,
    evidence,
  };
}

/**
 * The non-member where the applicant lives or whose permit or visa they hold: named so ("I live in
 * Dubai", "a UK permit"), else one set aside as no destination ("I work in Dubai on a work visa, …
 * a week in Rome", "flying from Lagos"). None when a Schengen state's permit is named ("I live in
 * London and have an Italian residence permit").
 */
function homeOutside(mentions: readonly CountryMention[]): string | null {
  if (mentions.some((m) => m.role === 'document' && m.scope === 'schengen')) return null;
  const outside = mentions.filter((m) => m.scope !== 'schengen');
  const named = outside.find((m) => m.role === 'residence' || m.role === 'document');
  if (named) return named.code;
  const hasSchengenDestination = mentions.some((m) => m.role === 'destination' && m.scope === 'schengen');
  return outside.find((m) => m.role === 'origin' || (m.role === 'destination' && hasSchengenDestination))?.code ?? null;
}

/**
 * "An Italian going to Morocco", "per andare in Perù noi italiani": a Schengen demonym with no cue
 * of its own (score 0 or less) is the traveller, not the destination, when the question names a
 * trip to a state outside the area after a travel cue (score 2 or more).
 */
function asTravellers(mentions: readonly CountryMention[]): readonly CountryMention[] {
  const tripOutside = mentions.some((m) => m.role === 'destination' && m.scope === 'not_schengen' && m.score >= 2);
  if (!tripOutside) return mentions;
  return mentions.map((m) =>
    m.role === 'destination' && m.scope === 'schengen' && m.score <= 0 && m.kind === 'demonym' ? { ...m, role: 'nationality', rule: `${m.rule}: the traveller, on a trip outside the Schengen area`, score: -5 } : m,
  );
}

/** The mention of that scope most likely to be the destination, or null. */
function bestOf(mentions: readonly CountryMention[], scope: CountryScope): CountryMention | null {
  return mentions.filter((m) => m.scope === scope).reduce<CountryMention | null>((top, m) => (top === null || m.score > top.score ? m : top), null);
}

/** Why a place the question names is not its destination, for the evidence; null when it is not set aside. */
function setAsideReason(m: CountryMention, schengenDestination: CountryMention | null): string | null {
  if (m.role === 'residence') return 'where the applicant lives, not the destination';
  if (m.role === 'relative') return "a family member's nationality, not the traveller's nor the destination";
  if (m.role === 'denied') return "denied: neither the traveller's nationality nor the destination";
  if (m.role === 'document' && m.scope !== 'schengen') return 'a visa or permit the applicant holds, not the destination';
  if (m.role === 'origin' && m.scope === 'not_schengen') return 'where the applicant comes from, not the destination';
  if (m.role === 'destination' && m.scope === 'not_schengen' && schengenDestination) return `outside the Schengen area; the Schengen destination ${schengenDestination.code} is the one answered`;
  return null;
}

function findMentions(tables: LanguageTables, tokens: readonly Token[], words: readonly string[], corrected: ReadonlyMap<number, string>, clauseStarts: ReadonlySet<number>): CountryMention[] {
  const mentions: CountryMention[] = [];
  const taken: boolean[] = new Array<boolean>(words.length).fill(false);
  for (const match of tables.countryTerms.findAll(words)) {
    const term = pickTerm(match.values);
    for (let i = match.start; i < match.end; i++) taken[i] = true;
    // "cooking turkey": a name that is also an ordinary word is a place only when written as one.
    if (term.ordinary && !isCapitalised(tokens[match.start]) && !hasCountryCue(tables, words, match.start, match.end)) continue;
    // "into French", "speak German": a language, not a country (unless "French visa" follows).
    if (term.kind === 'demonym' && tables.languageBefore.endsAt(words, match.start) && !tables.destinationAfter.matchAt(words, match.end)) continue;
    const matched = words.slice(match.start, match.end).join(' ');
    const fix = corrected.get(match.start);
    const rule = `${term.scope === 'nationality' ? 'nationality ' : ''}${term.kind}${fix ? ` (spelling: "${fix}" read as "${matched}")` : ''}`;
    mentions.push(classifyMention(tables, words, { ...term, start: match.start, end: match.end, matched, rule }, clauseStarts));
  }
  const shouting = isShouting(tokens);
  const found = mentions.length > 0;
  tokens.forEach((token, i) => {
    if (taken[i] || shouting || token.raw.length < 2 || token.raw.length > 3) return;
    // "us passport", "us citizen": a code typed in lower case is one only before a nationality
    // cue (citizen, passport, national), where the pronoun "us" cannot stand.
    const lowerCaseNationality = token.raw === token.raw.toLowerCase() && tables.lowerCaseCodes.has(token.raw.toUpperCase()) && tables.nationalityAfter.matchAt(words, i + 1) !== null;
    if (token.raw !== token.raw.toUpperCase() && !lowerCaseNationality) return;
    const code = tables.codes.get(token.raw.toUpperCase());
    if (!code) return;
    // A code that is also a word ("IT", "US") counts beside a named country only where a word
    // could not stand: before "visa", "embassy", "citizens" ("a US visa requirement for Germans").
    const codeCue = tables.destinationAfter.matchAt(words, i + 1) ?? tables.nationalityAfter.matchAt(words, i + 1);
    if (tables.wordCodes.has(token.raw) && found && !codeCue) return;
    // "solo pone 'NO CUMPLE REQUISITOS'": a word code inside a phrase typed in capitals is that word.
    if (tables.wordCodes.has(token.raw) && inCapitalPhrase(tokens, i)) return;
    const info = tables.countries.get(code);
    if (!info || info.scope === 'nationality') return;
    const term: CountryTerm = { code, scope: info.scope, kind: 'name', plural: false, ordinary: false };
    const mention = classifyMention(tables, words, { ...term, start: i, end: i + 1, matched: token.raw, rule: 'ISO code' }, clauseStarts);
    mentions.push(tables.wordCodes.has(token.raw) ? { ...mention, score: mention.score - 1 } : mention);
  });
  return mentions.sort((a, b) => a.start - b.start);
}

/** A phrase listed for several countries cannot pass validation; several kinds of one country can. */
function pickTerm(values: readonly CountryTerm[]): CountryTerm {
  const order = { name: 0, city: 1, demonym: 2 } as const;
  return values.reduce((best, v) => (order[v.kind] < order[best.kind] ? v : best));
}

/** Origin cues that name a place passed through, not where the applicant comes from (countries.json `origin_before`). */
const TRANSIT_CUES = /after "(via|through|transit|transit through)"$/;

/**
 * What one mention is, decided in this order: after a residence cue ("I live in") → residence;
 * after a relative cue ("the spouse of a", "married to a") → a family member's nationality;
 * after a denial ("I'm not a US citizen", "not British") → denied, neither nationality nor destination;
 * a demonym after a nationality cue, or a name after "citizen of"/"from" → nationality; before
 * "citizen"/"passport" → nationality; before "residence permit", or before "visa" after a
 * possession cue ("I have a US visa") → document; a nationality-only country after a travel cue
 * ("visit Morocco", in another language also its inflected form: "wiza do Indii") → a destination
 * outside the area; a plural demonym ("Nigerians") → nationality; a non-member demonym not
 * followed by "visa"/"embassy" → nationality; a nationality-only name → nationality after "from" (`origin_from`),
 * else origin; after "from"/"via"/"issued by" → origin; after a visa held ("I hold a Schengen
 * visa for Spain") → document; otherwise a destination,
 * scored by its cues ("to"/"visit" +2, "German visa" +1, a country name rather than a city +0.5).
 */
function classifyMention(
  tables: LanguageTables,
  words: readonly string[],
  m: CountryTerm & { start: number; end: number; matched: string; rule: string },
  clauseStarts: ReadonlySet<number>,
): CountryMention {
  const before = cueBefore(tables, words, m.start);
  // "visto per l'Ucraina", "visa pour l'Argentine": a demonym spelt as the country's name is the name after a travel cue.
  if (m.kind === 'demonym' && tables.nameLikeDemonyms.has(m.matched) && before(tables.travelBefore) !== null) m = { ...m, kind: 'name' };
  const base = { code: m.code, scope: m.scope, kind: m.kind, start: m.start, end: m.end, matched: m.matched };
  const person = (rule: string, cueAt?: WordSpan): CountryMention => ({ ...base, role: 'nationality', rule, score: -5, ...(cueAt ? { cueAt } : {}) });

  const residence = before(tables.residenceBefore);
  if (residence) return { ...base, role: 'residence', rule: `${m.rule} after "${residence}"`, score: -5 };
  const relative = before(tables.relativeBefore);
  if (relative) return { ...base, role: 'relative', rule: `${m.rule} after "${relative}"`, score: -5 };
  const denied = before(tables.deniedBefore);
  if (denied) return { ...base, role: 'denied', rule: `${m.rule} after "${denied}"`, score: -5 };
  // "voor een Belgisch visum", "für das Schweizer Visum": a demonym right before a visa word names the visa, not the person.
  const visaNext = tables.visaAfter.matchAt(words, m.end) !== null || ((words[m.end] ?? '').startsWith('schengen') && tables.destinationAfter.matchAt(words, m.end) !== null);
  const namesVisa = m.kind === 'demonym' && !m.plural && !clauseStarts.has(m.end) && visaNext;
  const nationalityCue = namesVisa ? null : cueSpanBefore(tables, words, m.start, tables.nationalityBefore);
  if (nationalityCue) {
    const cue = words.slice(nationalityCue.start, nationalityCue.end).join(' ');
    if (m.kind === 'demonym' || tables.nationalityNameBefore.has(cue)) return person(`${m.rule} after "${cue}"`, nationalityCue);
  }
  // "入境西班牙护照有效期" (entering Spain, the passport's validity): a country's name right after a
  // travel cue is where the trip goes, even before a passport word.
  const nationalityAfter = m.kind === 'name' && before(tables.travelBefore) ? null : tables.nationalityAfter.matchAt(words, m.end);
  if (nationalityAfter) return person(`${m.rule} before "${words.slice(nationalityAfter.start, nationalityAfter.end).join(' ')}"`, nationalityAfter);
  const destinationAfter = tables.destinationAfter.matchAt(words, m.end);
  const document = documentCue(tables, words, m.start, m.end, destinationAfter?.end ?? null);
  if (document) return { ...base, role: 'document', rule: `${m.rule} ${document}`, score: -1, heldVisa: tables.documentAfter.matchAt(words, m.end) === null };
  // "Almanya'da bir hafta", "Almanya'dan geliyorum": placed in or taken from, as a document's state, but nothing held.
  const placed = tables.placeAfter.matchAt(words, m.end);
  if (placed) return { ...base, role: 'document', rule: `${m.rule} before "${words.slice(placed.start, placed.end).join(' ')}": a place, no permit`, score: -1 };
  const origin = before(tables.originBefore);
  // "How long is an Indian visa valid?", "visa algérien", "indisches Visum": a visa named by a
  // state outside the area is that state's visa, and the trip goes there (held, it is a document).
  const visa = m.scope !== 'schengen' && !m.plural && origin === null ? visaOfState(tables, words, m, clauseStarts) : null;
  if (visa?.held) return { ...base, role: 'document', rule: `${m.rule} next to "${visa.matched}", held ("${visa.held}")`, score: -1, heldVisa: true };
  if (visa) return { ...base, scope: 'not_schengen', role: 'destination', rule: `${m.rule} next to "${visa.matched}": that state's visa, outside the Schengen area`, score: 2 };
  // "Can I visit Morocco with a Schengen visa?": a country known only as a nationality, after a
  // travel cue, is where the trip goes, and it is outside the Schengen area. Other languages' demonym
  // lists also hold the name's inflected forms ("obywatel Indii", so "wiza do Indii"): there a
  // singular demonym after a travel cue is the place too; an English one ("visit Indian friends") is not.
  const named = m.kind !== 'demonym' || (tables.language !== 'en' && !m.plural);
  const travel = origin === null && m.scope === 'nationality' && named ? before(tables.travelBefore) : null;
  if (travel) return { ...base, scope: 'not_schengen', role: 'destination', rule: `${m.rule} after "${travel}", outside the Schengen area`, score: 2 };
  if (m.kind === 'demonym' && m.plural) return person(`${m.rule} (people)`);
  if (m.kind === 'demonym' && m.scope !== 'schengen' && !destinationAfter) return person(m.rule);
  if (m.scope === 'nationality') return origin !== null && tables.originFrom.has(origin) ? person(`${m.rule} after "${origin}"`) : { ...base, role: 'origin', rule: m.rule, score: -5 };
  if (origin) return { ...base, role: 'origin', rule: `${m.rule} after "${origin}"`, score: -1 };

  const held = heldVisaFor(tables, words, m.start, clauseStarts);
  if (held) return { ...base, role: 'document', rule: `${m.rule} after "${held}", a visa held`, score: -1, heldVisa: true };
  const destination = before(tables.destinationBefore);
  // "Who can apply for a Schengen visa in the UK?", "can I apply in London?": a non-member after
  // "in", in a question about applying for a Schengen visa or right after "apply", is where the
  // application is lodged, not where the trip goes.
  if (m.scope === 'not_schengen' && destination === 'in' && (lodgesSchengenApplication(words) || appliedIn(tables, words, m.start))) {
    return { ...base, role: 'residence', rule: `${m.rule} after "in", where a Schengen visa application is lodged`, score: -5 };
  }
  let score = m.kind === 'name' ? 0.5 : 0;
  let rule = m.rule;
  if (destination) {
    score += 2;
    rule += ` after "${destination}"`;
  } else if (destinationAfter) {
    score += 1;
    rule += ` before "${words.slice(destinationAfter.start, destinationAfter.end).join(' ')}"`;
  }
  return { ...base, role: 'destination', rule, score };
}

/**
 * The visa word right next to the state at [start, end), in the same clause ("Indian visa",
 * "visa algérien"), when it names that state's visa: not a Schengen visa ("Indian schengen
 * visa", "visa schengen algérien") nor the visa of a kind of traveller ("Indian visa
 * holders" is held, "Indian visa applicants" are people). Null otherwise; `held` is the cue
 * when the applicant holds it ("j'ai un visa britannique").
 */
function visaOfState(
  tables: LanguageTables,
  words: readonly string[],
  m: { start: number; end: number },
  clauseStarts: ReadonlySet<number>,
): { matched: string; held: string | null } | null {
  const after = clauseStarts.has(m.end) ? null : tables.visaAfter.matchAt(words, m.end);
  if (after && words[after.end] !== 'schengen' && !tables.nationalityAfter.matchAt(words, after.end)) {
    return { matched: words.slice(after.start, after.end).join(' '), held: heldCue(tables, words, m.start, after.end) };
  }
  const before = clauseStarts.has(m.start) ? null : tables.visaBefore.endsAt(words, m.start);
  if (before && words[before.start - 1] !== 'schengen') {
    return { matched: words.slice(before.start, before.end).join(' '), held: heldCue(tables, words, before.start, m.end) };
  }
  return null;
}

/** Words allowed between the possession cue and the visa word. */
const HELD_VISA_WORDS: ReadonlySet<string> = new Set(['schengen', 'valid']);

/**
 * The words before a state that make it the state of a visa the applicant already holds ("I hold a
 * Schengen visa for Spain, do I need another visa to get into Gibraltar?", "with my visa for
 * Italy"): a visa word right before it ("visa for", countries.json `visa_before`) and a possession
 * cue before that (profile `held_before`), in one clause. The trip goes where the rest of the
 * question says; with no other destination the held visa's state is still the one answered.
 */
function heldVisaFor(tables: LanguageTables, words: readonly string[], start: number, clauseStarts: ReadonlySet<number>): string | null {
  if (clauseStarts.has(start)) return null;
  const visa = tables.visaBefore.endsAt(words, start);
  if (!visa) return null;
  // "a Schengen visa for", "a valid visa for": only those words may stand between. A kind of visa
  // ("a single entry visa for the Netherlands, if I go to London can I come back in") is asked
  // about itself, and the state stays the destination.
  let at = visa.start;
  while (at > 0 && HELD_VISA_WORDS.has(words[at - 1] ?? '') && !clauseStarts.has(at)) at--;
  const cue = heldCue(tables, words, at, start);
  return cue ? `${cue} … ${words.slice(visa.start, start).join(' ')}` : null;
}

/** Words that make a Schengen visa question one about getting the visa ("get a Schengen visa in Dubai", "the Schengen visa fee in Dubai"), not about a trip. */
const LODGING_WORDS: ReadonlySet<string> = new Set(['apply', 'applying', 'application', 'consulates', 'get', 'getting', 'obtain', 'procedure', 'process', 'documents', 'eligibility', 'fee', 'fees', 'cost', 'costs', 'price']);

/** Whether the question is about lodging a Schengen visa application ("apply for a schengen visa", "documents to get a schengen visa"). */
function lodgesSchengenApplication(words: readonly string[]): boolean {
  return words.includes('schengen') && words.some((word) => LODGING_WORDS.has(word));
}

/**
 * Whether the place at `start` follows "apply in" / "submit it in" / "submit my application in" /
 * "apply for a visa in" (articles and the application itself allowed between): where the
 * application is lodged. A visa named by a country ("apply for a UK visa in London") is not
 * the application's object, so that place stays a destination.
 */
function appliedIn(tables: LanguageTables, words: readonly string[], start: number): boolean {
  let at = start - 1;
  while (at >= 0 && tables.cueSkip.has(words[at] ?? '')) at--;
  if (words[at] !== 'in') return false;
  for (let back = at - 1, steps = 0; back >= 0 && steps <= MAX_OBJECT_WORDS; back--, steps++) {
    const word = words[back] ?? '';
    if (APPLYING_VERBS.has(word)) return true;
    if (!APPLICATION_OBJECT.has(word) && !tables.cueSkip.has(word)) return false;
  }
  return false;
}

const APPLYING_VERBS: ReadonlySet<string> = new Set(['apply', 'applying', 'applied', 'submit', 'submitting', 'lodge', 'lodging']);
/** Words of the thing applied for or submitted, between the verb and "in" ("submit my visa application in"). */
const APPLICATION_OBJECT: ReadonlySet<string> = new Set(['it', 'for', 'application', 'applications', 'visa', 'visas', 'schengen', 'form', 'forms', 'documents', 'papers', 'file', 'tourist', 'business', 'visitor', 'short', 'stay', 'your', 'his', 'her', 'their']);
/** How many such words may stand between the applying verb and "in". */
const MAX_OBJECT_WORDS = 5;

/** An index of cue phrases, looked up by where a phrase ends. */
type CueIndex = { endsAt(words: readonly string[], end: number): WordSpan | null };

/** Where the cue phrase of `index` that ends right before `start` stands, skipping "the", "a", "my"..., or null. */
function cueSpanBefore(tables: LanguageTables, words: readonly string[], start: number, index: CueIndex): WordSpan | null {
  let end = start;
  for (let skipped = 0; skipped <= 2; skipped++) {
    const match = index.endsAt(words, end);
    if (match) return { start: match.start, end: match.end };
    const previous = words[end - 1];
    if (previous === undefined || !tables.cueSkip.has(previous)) return null;
    end--;
  }
  return null;
}

/** A look-up of the cue phrase that ends right before `start`, skipping "the", "a", "my"... */
function cueBefore(tables: LanguageTables, words: readonly string[], start: number) {
  return (index: CueIndex): string | null => {
    const span = cueSpanBefore(tables, words, start, index);
    return span ? words.slice(span.start, span.end).join(' ') : null;
  };
}

/**
 * Why the country at [start, end) names a document the applicant holds rather than a
 * destination, or null: before a permit ("a UK residence permit"), or before "visa" with a
 * possession cue ("I have a US visa", "with my Canadian visa", "US visa holders"). A "US visa"
 * with no such cue is the visa asked for, so the US is the destination ("documents for a US visa").
 */
function documentCue(tables: LanguageTables, words: readonly string[], start: number, end: number, visaEnd: number | null): string | null {
  const permit = tables.documentAfter.matchAt(words, end);
  if (permit) return `before "${words.slice(permit.start, permit.end).join(' ')}"`;
  if (visaEnd === null) return null;
  const held = heldCue(tables, words, start, visaEnd);
  return held ? `before "${words.slice(end, visaEnd).join(' ')}", held ("${held}")` : null;
}

/** Whether a cue next to the words [start, end) makes them a place: "to", "from", "visa", "citizen"... */
function hasCountryCue(tables: LanguageTables, words: readonly string[], start: number, end: number): boolean {
  const before = cueBefore(tables, words, start);
  const indexesBefore = [tables.destinationBefore, tables.originBefore, tables.residenceBefore, tables.nationalityBefore];
  const indexesAfter = [tables.destinationAfter, tables.documentAfter, tables.placeAfter, tables.nationalityAfter];
  return indexesBefore.some((index) => before(index) !== null) || indexesAfter.some((index) => index.matchAt(words, end) !== null);
}

function isCapitalised(token: Token | undefined): boolean {
  const first = token?.raw[0];
  return first !== undefined && first !== first.toLowerCase();
}

/**
 * Whether the token at `i` stands in a phrase typed in capitals: the two words after it, or the
 * words on both sides, are capitals of three letters or more ("NO CUMPLE REQUISITOS").
 */
function inCapitalPhrase(tokens: readonly Token[], i: number): boolean {
  const capitals = (token: Token | undefined) => token !== undefined && token.raw.length >= 3 && /^\p{Lu}+$/u.test(token.raw);
  return (capitals(tokens[i + 1]) && capitals(tokens[i + 2])) || (capitals(tokens[i - 1]) && capitals(tokens[i + 1]));
}

/** A question typed in capitals ("DO I NEED A VISA IT") has no reliable codes. */
function isShouting(tokens: readonly Token[]): boolean {
  let long = 0;
  let upper = 0;
  for (const token of tokens) {
    if (token.raw.length < 3 || !/\p{L}/u.test(token.raw)) continue;
    long++;
    if (token.raw === token.raw.toUpperCase()) upper++;
  }
  return long >= 2 && upper / long > 0.6;
}
