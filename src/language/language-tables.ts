import { LiteralIndex, prefilteredRegex, type PrefilteredRegex } from '../lib/required-literals.js';
import { API_PATHS, type ApiPath } from './api-paths.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CapabilityIdSchema, type CapabilityId } from '../capabilities/capability-registry.js';
import { FactKindSchema, type FactKind } from '../knowledge/fact-values.js';
import { compileFactCues, FactCuesFileSchema, type FactCues, type FactCuesSchema } from './fact-cues.js';
import { RuleFilesError, problemsFromZod, type RuleProblem } from '../knowledge/rule-problem.js';
import { FAQ_TOPICS, TRAVEL_PURPOSES, type Topic, type TravelPurpose } from '../knowledge/topics.js';
import { CountryNamesByLanguage } from './country-names.js';
import { loadOtherLanguageFiles, TablesByLanguage } from './other-language-tables.js';
import { PhraseIndex } from './phrase-index.js';
import { isoCode, phraseList, regexSource } from './table-schemas.js';
import { phraseWords } from './tokenize-question.js';

export const INTENTS = [
  'country_list',
  'country_information',
  'document_requirements',
  'financial_requirements',
  'source_lookup',
  'appointments',
  'refusal',
  'entry_ban',
  'visa_status',
  'stay_duration',
  'visa_fees',
  'travel_insurance',
  'application_timing',
  'passport_validity',
  'processing_time',
  'where_to_apply',
  'visa_validity',
  'ees',
  'etias',
  'visa_requirement',
  ...FAQ_TOPICS,
  'out_of_scope',
  'unknown',
] as const;
/** The intents of POST /classify (the shared vocabulary). */
export const IntentSchema = z.enum(INTENTS).meta({ id: 'Intent', description: 'What a question asks; each intent is answered by one operation (see POST /route).' });
export type Intent = z.infer<typeof IntentSchema>;

// One vocabulary of travel purposes for the whole API: the knowledge layer's.
export { TRAVEL_PURPOSES, TravelPurposeSchema, type TravelPurpose } from '../knowledge/topics.js';

export const EMPLOYMENTS = ['employed', 'self_employed', 'student', 'retired', 'unemployed'] as const;
export const EmploymentSchema = z.enum(EMPLOYMENTS);
export type Employment = z.infer<typeof EmploymentSchema>;

/** Intent → topic of the shared vocabulary, for POST /answer and GET /sources?topic=. */
export const INTENT_TOPICS: Partial<Readonly<Record<Intent, Topic>>> = {
  stay_duration: 'short_stay',
  visa_fees: 'fees',
  travel_insurance: 'insurance',
  application_timing: 'application_timing',
  passport_validity: 'passport',
  processing_time: 'processing_time',
  where_to_apply: 'where_to_apply',
  visa_validity: 'visa_validity',
  ees: 'ees',
  etias: 'etias',
  visa_requirement: 'visa_requirement',
  document_requirements: 'documents',
  financial_requirements: 'financial_means',
  country_information: 'application',
  country_list: 'membership',
  visa_types: 'visa_types',
  airport_transit: 'airport_transit',
  application_procedure: 'application_procedure',
  eu_family: 'eu_family',
  residence_permit_holders: 'residence_permit_holders',
  refusal_appeal: 'refusal_appeal',
  overstay: 'overstay',
  visa_extension: 'visa_extension',
  minors: 'minors',
  biometrics: 'biometrics',
  visa_free_travel: 'visa_free_travel',
};


const RouteSchema = z.strictObject({
  capability: CapabilityIdSchema,
  method: z.enum(['GET', 'POST']),
  path: z.enum(API_PATHS, { error: `must be an operation path as the spec writes it: ${API_PATHS.join(', ')}` }),
});

const IntentRuleSchema = z.strictObject({
  id: IntentSchema.exclude(['unknown']),
  route: RouteSchema.nullable(),
  signals: z
    .array(
      z.strictObject({
        weight: z.number().min(0.5).max(10),
        phrases: phraseList.min(1),
        unless_held: z.boolean().optional(),
        before_schengen_state: z.boolean().optional(),
      }),
    )
    .min(1),
  several_countries: z
    .strictObject({
      weight: z.number().positive(),
      when_any_of: z.array(IntentSchema.exclude(['unknown'])).min(1),
      /** Not added when one of these outscores every `when_any_of` intent ("which countries are in Schengen, Croatia and Romania too?" asks about membership). */
      unless_any_of: z.array(IntentSchema.exclude(['unknown'])).default([]),
    })
    .optional(),
  absorbs: z.strictObject({ min_score: z.number().positive(), intents: z.array(IntentSchema.exclude(['unknown', 'out_of_scope'])).min(1) }).optional(),
  patterns: z
    .array(
      z.strictObject({
        weight: z.number().min(0.5).max(10),
        regex: regexSource,
      }),
    )
    .optional(),
});

export const IntentsFileSchema = z
  .strictObject({
    $comment: z.string().optional(),
    threshold: z.number().gt(0).lt(1),
    domain_words: phraseList,
    /**
     * Words a signal phrase matches across, one at most between two of its words and never before
     * its first: with "la", "sacar visa" also finds "sacar la visa"; in English the adverbs people
     * slip into a question ("who actually needs a Schengen visa", "does my passport still need…").
     * Each language's own (the other languages' files, `gap_words`).
     */
    gap_words: z.array(z.string().min(1)).default([]),
    held: z.strictObject({
      intent: IntentSchema.exclude(['unknown', 'out_of_scope']),
      weight: z.number().min(0.5).max(10),
      without_nationality: IntentSchema.exclude(['unknown', 'out_of_scope']).optional(),
      /**
       * Intents that, asked by the holder of a permit, are asked by `without_nationality` whatever
       * the nationality: "with my Spanish residence card, how many days can I spend in Germany?"
       * is the permit holders' 90/180 rule, not a visitor's.
       */
      whatever_nationality: z.array(IntentSchema.exclude(['unknown', 'out_of_scope'])).default([]),
    }),
    /**
     * A signal that is the cue naming the applicant's nationality (profile `nationality_before` or
     * `nationality_after`: "Armenian citizenship", "гражданство Армении") says who asks, not what
     * is asked: it does not count for these intents (asking for a citizenship is out of scope;
     * holding one is not).
     */
    nationality_named: z.strictObject({ not_for: z.array(IntentSchema.exclude(['unknown'])).min(1) }).optional(),
    /**
     * Background clauses: a narrative clause ("my visa was refused last year", "I live in the UK on
     * a work visa") next to a clause that asks ("can I apply again?") counts for less than the
     * clause that asks, once that one has a cue of its own. Regular expressions over a clause's
     * normalised words padded with a space each side; optional (the other languages have none).
     */
    clauses: z
      .strictObject({
        $comment: z.string().optional(),
        background_weight: z.number().gt(0).lt(1),
        min_question_cue: z.number().positive(),
        question: z.array(regexSource).min(1),
        narrative: z.array(regexSource).min(1),
        split_words: phraseList,
        refers_back: phraseList,
        kept_intents: z.array(IntentSchema.exclude(['unknown'])),
      })
      .optional(),
    /**
     * A minor's case: when the question is about a minor (profile.json `minor`) and the intent
     * decided is one of `takes` ("what documents does my 16 year old daughter need?"), the intent
     * becomes `intent` (the rules for minors list what a minor needs besides an adult's file).
     */
    minor: z.strictObject({ intent: IntentSchema.exclude(['unknown', 'out_of_scope']), takes: z.array(IntentSchema.exclude(['unknown'])).min(1) }).optional(),
    /**
     * A national with free movement (the 29 states', countries.json `free_movement`) asking about
     * their own trip is out of scope: the short-stay rules are for third-country nationals. `keeps`:
     * the intents such a national may still ask (the members, a state's information, their
     * family's rights, the documents and means of a visit they host).
     */
    free_mover: z.strictObject({ keeps: z.array(IntentSchema.exclude(['unknown', 'out_of_scope'])) }).default({ keeps: [] }),
    /**
     * Intents never answered next to a main intent, though strongly cued (`asked`): their cue
     * words there belong to the main question. "How long do I have to appeal?": the time is the
     * appeal's, so neither the visa's processing time nor the 90/180 stay stands next to the appeal rules.
     */
    answered_apart: z
      .strictObject({ $comment: z.string().optional(), from: z.partialRecord(IntentSchema.exclude(['unknown', 'out_of_scope']), z.array(IntentSchema.exclude(['unknown', 'out_of_scope'])).min(1)) })
      .default({ from: {} }),
    intents: z.array(IntentRuleSchema),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.intents.forEach((intent, index) => {
      if (seen.has(intent.id)) ctx.addIssue({ code: 'custom', path: ['intents', index, 'id'], message: `duplicate intent "${intent.id}": merge the two entries` });
      seen.add(intent.id);
      if ((intent.route === null) !== (intent.id === 'out_of_scope')) {
        ctx.addIssue({ code: 'custom', path: ['intents', index, 'route'], message: 'only out_of_scope has route null; every other intent names its operation' });
      }
    });
    for (const id of INTENTS) {
      if (id !== 'unknown' && !seen.has(id)) ctx.addIssue({ code: 'custom', path: ['intents'], message: `intent "${id}" is missing: add an entry with its signals and route` });
    }
  });

const CountrySchema = z.strictObject({
  code: isoCode,
  name: z.string().min(1),
  code_aliases: z.array(z.string().regex(/^[A-Z]{2,3}$/, 'must be an upper-case code such as EL or USA')).optional(),
  names: phraseList.min(1),
  demonyms: phraseList,
  cities: phraseList,
  ordinary_words: phraseList.optional(),
  note: z.string().optional(),
});

export const CountriesFileSchema = z
  .strictObject({
    $comment: z.string().optional(),
    schengen: z.array(CountrySchema).length(29, 'must list the 29 Schengen states'),
    not_schengen: z.array(CountrySchema.required({ note: true })),
    word_codes: z.array(z.string().regex(/^[A-Z]{2,3}$/)),
    /** Codes also read in lower case right before a nationality cue ("us passport", "us citizen"). */
    lower_case_codes: z.array(z.string().regex(/^[A-Z]{2,3}$/)).optional(),
    /** Non-members whose nationals, like those of the 29 states, move freely in the area (EU members outside it): the short-stay rules are not theirs. */
    free_movement: z.array(isoCode).default([]),
    /**
     * Names of a document or procedure that only one Schengen state has ("attestation d'accueil" is
     * French): a question naming one and no state is about that state. A name several states share
     * (the Verpflichtungserklärung of Germany, Switzerland and Liechtenstein) is not listed.
     */
    document_states: z.record(isoCode, phraseList).default({}),
    cues: z.strictObject({
      destination_before: phraseList,
      /** Cues before a country the tables know only as a nationality (Morocco, Georgia) that make it where the trip goes. */
      travel_before: phraseList.default([]),
      origin_before: phraseList,
      /** Those of origin_before that mean "from": a country known only as a nationality after one is the traveller's ("my girlfriend from Cuba"). */
      origin_from: phraseList.default([]),
      destination_after: phraseList,
      document_after: phraseList,
      place_after: phraseList.default([]),
      /** Words for a visa right after a state outside the area that make it that state's visa ("an Indian visa"): the trip goes there. */
      visa_after: phraseList.default([]),
      /** Words for a visa right before such a state, where the adjective follows the noun (none in English). */
      visa_before: phraseList.default([]),
      language_before: phraseList,
      skip: phraseList,
    }),
  })
  .superRefine((file, ctx) => {
    const pathOf = (i: number) => (i < file.schengen.length ? ['schengen', i] : ['not_schengen', i - file.schengen.length]);
    checkUniqueTerms([...file.schengen, ...file.not_schengen], ctx, pathOf);
    checkOrdinaryWords([...file.schengen, ...file.not_schengen], ctx, pathOf);
    checkOriginFrom(file.cues, ctx, ['cues']);
    const members = new Set(file.schengen.map((entry) => entry.code));
    for (const code of Object.keys(file.document_states)) {
      if (!members.has(code)) ctx.addIssue({ code: 'custom', path: ['document_states', code], message: `${code} is not one of the 29 Schengen states` });
    }
  });

/** Each `origin_from` phrase must be one of the `origin_before` cues it refines. */
export function checkOriginFrom(cues: { origin_before: readonly string[]; origin_from: readonly string[] }, ctx: z.RefinementCtx, path: (string | number)[]): void {
  const origins = new Set(cues.origin_before);
  cues.origin_from.forEach((phrase, i) => {
    if (!origins.has(phrase)) ctx.addIssue({ code: 'custom', path: [...path, 'origin_from', i], message: `"${phrase}" is not in origin_before: add it there too, or remove it here` });
  });
}

export const NationalitiesFileSchema = z.strictObject({
  $comment: z.string().optional(),
  nationalities: z.array(z.strictObject({ code: isoCode, names: phraseList.min(1), demonyms: phraseList.min(1) })),
});

export const PurposesFileSchema = z.strictObject({
  $comment: z.string().optional(),
  purposes: z.strictObject({ tourism: phraseList.min(1), business: phraseList.min(1), family: phraseList.min(1) }),
  relations: phraseList,
  visit_verbs: phraseList,
  not_purpose: phraseList,
});

export const DurationsFileSchema = z.strictObject({
  $comment: z.string().optional(),
  units: z.record(z.string(), z.number().int().positive()),
  numbers: z.record(z.string(), z.number().int().positive()),
  phrases: z.record(z.string(), z.number().int().positive()),
  ignore_before: phraseList,
  ignore_after: phraseList,
});

export const ProfileFileSchema = z.strictObject({
  $comment: z.string().optional(),
  employment: z.strictObject({
    employed: phraseList.min(1),
    self_employed: phraseList.min(1),
    student: phraseList.min(1),
    retired: phraseList.min(1),
    unemployed: phraseList.min(1),
  }),
  minor: z.strictObject({ true: phraseList, false: phraseList }),
  adult_age: z.number().int().min(1).max(30),
  /**
   * Words right after a number that make it an age when a relation stands just before it ("ma
   * fille de 16 ans", "mon fils a 15 ans", "внучка 9 лет"). English reads its ages by form
   * ("16 year old", "I am 16", "my daughter is 8") and needs none.
   */
  age_after: phraseList.default([]),
  /**
   * Phrases that say the traveller needs no visa ("I don't need a visa", "visa free"): the rules
   * that are conditions of a visa (travel insurance, Visa Code Art. 15) then say nothing about them.
   */
  visa_free: phraseList.default([]),
  nationality_before: phraseList,
  /** Those of nationality_before after which a country's name, not only a demonym, is the nationality ("citizen of", "I am from"). */
  nationality_name_before: phraseList.default([]),
  nationality_after: phraseList,
  residence_before: phraseList,
  /**
   * Phrases after which a nationality is a family member's, not the traveller's ("the spouse of a
   * British citizen", "married to a French citizen"): that country is neither the traveller's
   * nationality nor the destination.
   */
  relative_before: phraseList.default([]),
  /**
   * Words right before a country that deny it ("I'm not a US citizen", "not British", "Italy, not
   * France"): that country is neither the traveller's nationality nor the destination.
   */
  denied_before: phraseList.default([]),
  held_before: phraseList,
  /**
   * Possession words that make a permit signal (`unless_held`) one the applicant holds, though not
   * a country before "visa" the issuer of a visa held: "my Italian residence permit is valid" is
   * held, "submit my France visa" is the visa applied for.
   */
  held_before_permit: phraseList.default([]),
  /** Words right before a possession cue that make the document one asked for after all: "renew my residence card", "help with a work permit". */
  asked_before_held: phraseList.default([]),
  held_after: phraseList,
});

export const SpellingFileSchema = z.strictObject({
  $comment: z.string().optional(),
  min_length: z.number().int().min(4).max(10),
  long_word_length: z.number().int().min(6).max(20),
  /** Words of other languages: never corrected nor inflected; two or more make a question not English. */
  foreign_words: z.array(z.string().regex(/^[a-z]+$/, 'must be one lower-case word')),
  ordinary_words: z.array(z.string().regex(/^[a-z]+$/, 'must be one lower-case word')),
});

/**
 * What a question asks for (an amount, a duration, a contact, a statistic, an opinion, a
 * consequence...), recognised by cue phrases and by question forms ("how much", "why", "what
 * happens if"), and what answers each kind: topics (fees), fact ids (ees.retention_overstayers)
 * or fact kinds (money). A kind whose `match` is `every` (the default) must be answered by every
 * part that answers the question; of the `any` kinds a question asks, a part must answer at
 * least one ("how long can I stay and what documents?": the 90/180 rule answers the duration, the
 * documents the list). A kind nothing answers gives `null`, never a fact merely about the same
 * state or topic (issue 9: abstain unless the rules declare they answer what is asked).
 */
/** The asks.json kind of a yes/no on a requirement ("do I need", "is it required"), which the answer composer reads (what-is-asked.ts). */
export const REQUIREMENT_KIND = 'requirement';

export const AsksFileSchema = z.strictObject({
  $comment: z.string().optional(),
  kinds: z.array(
    z
      .strictObject({
        id: z.string().regex(/^[a-z_]+$/, 'must be a snake_case kind such as contact'),
        description: z.string().min(1),
        cues: phraseList.default([]),
        /** Question forms: regular expressions tested on each clause of the question, normalised and padded with a space each side. */
        forms: z.array(regexSource).default([]),
        answered_by: z.array(z.string().regex(/^(\*|[a-z_]+(\.[a-z0-9_]+)*)$/, 'must be a topic (fees), a fact id (ees.retention_overstayers) or * (every topic)')),
        /** Fact kinds whose facts answer this kind (a money fact answers an amount). */
        answered_by_kinds: z.array(FactKindSchema).default([]),
        match: z.enum(['every', 'any']).default('every'),
        /** An intent every question asking this kind has (statistics are no visa-rule question: out_of_scope). */
        intent: z.literal('out_of_scope').optional(),
        /** Topics whose answer to this kind depends on the nationality ("do I need a transit visa?"). */
        needs_nationality: z.array(z.string().regex(/^[a-z_]+$/)).optional(),
        /**
         * Its cues count inside another kind's longer cue too: German "brauche ich" is a
         * whether_needed cue and holds the requirement cue "brauche". Other kinds' cues are
         * consumed by a longer cue ("how much time" asks a duration, not an amount).
         */
        inside_other_cues: z.boolean().default(false),
      })
      .refine((kind) => kind.cues.length > 0 || kind.forms.length > 0, 'a kind needs cues or forms: add the phrases or question forms that ask it'),
  ).refine((kinds) => kinds.some((kind) => kind.id === REQUIREMENT_KIND), `the kind "${REQUIREMENT_KIND}" must stay: the answer composer reads it (whether a state's own transit list decides)`),
});

/** Where a country term comes from: a Schengen state, a confusable non-member, or a nationality only. */
export type CountryScope = 'schengen' | 'not_schengen' | 'nationality';
export type CountryTermKind = 'name' | 'demonym' | 'city';

/** One word or phrase of the country lexicon. */
export interface CountryTerm {
  code: string;
  scope: CountryScope;
  kind: CountryTermKind;
  /** "Nigerians", "Germans": a plural demonym names people, so a nationality. */
  plural: boolean;
  /** Also an ordinary English word ("turkey"): a place only when typed with a capital or next to a cue. */
  ordinary: boolean;
}

export interface CountryInfo {
  code: string;
  name: string;
  scope: CountryScope;
  note: string | null;
}

export interface IntentSignal {
  intent: Exclude<Intent, 'unknown'>;
  weight: number;
  phrase: string;
  /** A permit the question may ask for ("residence permit"): held by the applicant, it counts for `held` instead. */
  unlessHeld: boolean;
  /** Counts only when a Schengen state follows ("a Schengen visa from Poland", not "from New York"). */
  beforeSchengenState: boolean;
}

/** An intent's pattern; a text without its required literals (src/lib/required-literals.ts) is not searched. */
export interface IntentPattern extends PrefilteredRegex {
  intent: Exclude<Intent, 'unknown'>;
  weight: number;
  source: string;
}

export interface IntentRoute {
  capability: CapabilityId;
  method: 'GET' | 'POST';
  path: ApiPath;
}

/** A fuzzy-matching candidate: a table word long enough to be corrected towards. */
export interface SpellingCandidate {
  word: string;
  length: number;
}

/**
 * The language tables compiled for look-ups: phrase indexes, code maps and the spelling
 * dictionary. Built once per rule load (part of the LoadedRules snapshot) and read-only after.
 */
export interface LanguageTables {
  /** ISO 639-1 code of the language these tables read: `en`, or one of the eleven with a file of its own (other-language-tables.ts). */
  language: string;
  /**
   * How a question word is reduced before the phrase look-ups other than the country ones (signals,
   * asks, purposes, durations, profile): the word itself in English (baseForms tries inflections
   * instead), a stem in the other languages. Table phrases were compiled through the same function.
   */
  reduceWord: (word: string) => string;
  threshold: number;
  intentOrder: readonly Exclude<Intent, 'unknown'>[];
  routes: ReadonlyMap<Intent, IntentRoute | null>;
  signals: PhraseIndex<IntentSignal>;
  patterns: readonly IntentPattern[];
  /** The literals of `patterns`, in their order: which may match a text, found in one pass. */
  patternLiterals: LiteralIndex;
  /** Intent → the intents it absorbs once it scores at least minScore on its own. */
  absorbs: ReadonlyMap<Exclude<Intent, 'unknown'>, { minScore: number; intents: readonly Exclude<Intent, 'unknown'>[] }>;
  /**
   * What a permit the applicant already holds counts for ("I hold a residence permit": whether a
   * visa is needed): `weight` for `intent`; when the question names no nationality and `intent`
   * wins, it is asked by `withoutNationality` (the rules on permit holders), as is any of
   * `whateverNationality` whether a nationality is named or not.
   */
  held: { intent: Exclude<Intent, 'unknown'>; weight: number; withoutNationality: Exclude<Intent, 'unknown'> | null; whateverNationality: ReadonlySet<Intent> };
  /** Intents a signal next to the nationality does not count for (intents.json `nationality_named`). */
  notForNationality: ReadonlySet<Exclude<Intent, 'unknown'>>;
  /**
   * How background clauses are told from the clause that asks (intents.json `clauses`), or null:
   * the cues of a narrative clause count `backgroundWeight` times their weight when the question
   * has a clause that asks with a cue of at least `minQuestionCue` (score-intents.ts).
   */
  clauses: {
    backgroundWeight: number;
    minQuestionCue: number;
    question: readonly RegExp[];
    narrative: readonly RegExp[];
    splitWords: ReadonlySet<string>;
    /** Words by which a clause that asks refers back to the narrative ("how long does it last?"): the question is then read whole. */
    refersBack: ReadonlySet<string>;
    /** Intents whose cues a background clause keeps whole: who asks (a permit held, a family tie, fingerprints given), not the case told. */
    keptIntents: ReadonlySet<Exclude<Intent, 'unknown'>>;
  } | null;
  /** A minor's case (intents.json `minor`): the intents that become `intent` when the question is about a minor, or null. */
  minorCase: { intent: Exclude<Intent, 'unknown'>; takes: ReadonlySet<Exclude<Intent, 'unknown'>> } | null;
  /** The intents a national with free movement may still ask (intents.json `free_mover.keeps`); any other is out of scope. */
  freeMoverKeeps: ReadonlySet<Intent>;
  /** The intents never answered next to each main intent (intents.json `answered_apart`). */
  answeredApart: ReadonlyMap<Intent, ReadonlySet<Intent>>;
  /** Intents boosted when two or more Schengen states are named and one of `whenAnyOf` scores. */
  severalCountries: readonly { intent: Exclude<Intent, 'unknown'>; weight: number; whenAnyOf: readonly Exclude<Intent, 'unknown'>[]; unlessAnyOf: readonly Exclude<Intent, 'unknown'>[] }[];
  domainWords: ReadonlySet<string>;
  countryTerms: PhraseIndex<CountryTerm>;
  /**
   * Demonyms spelt as their country's name ("ucraina", "argentine", "filipinas"), as their words
   * joined by spaces: after a travel cue they are the name ("visto per l'Ucraina"), elsewhere the
   * person ("mia moglie è ucraina"). Other languages only.
   */
  nameLikeDemonyms: ReadonlySet<string>;
  countries: ReadonlyMap<string, CountryInfo>;
  /** Upper-case codes as typed → ISO code ("EL" → "GR", "UK" → "GB"). */
  codes: ReadonlyMap<string, string>;
  wordCodes: ReadonlySet<string>;
  /** Codes also read in lower case before a nationality cue ("us passport"). */
  lowerCaseCodes: ReadonlySet<string>;
  /** Names of a document only one Schengen state has, to that state (countries.json `document_states`). */
  documentStates: PhraseIndex<string>;
  /** Nationalities with free movement in the area: the 29 states' and countries.json `free_movement`. */
  freeMovement: ReadonlySet<string>;
  destinationBefore: PhraseIndex<true>;
  /** Cues that make a country known only as a nationality a place travelled to ("visit Morocco"): a non-member destination. */
  travelBefore: PhraseIndex<true>;
  originBefore: PhraseIndex<true>;
  /** The origin cues meaning "from" (countries.json `origin_from`), as joined words. */
  originFrom: ReadonlySet<string>;
  destinationAfter: PhraseIndex<true>;
  /** Words after a country that make it a document the applicant holds ("UK residence permit"). */
  documentAfter: PhraseIndex<true>;
  /**
   * Case endings after a country that place something in it or take it from it (Turkish "Almanya'da",
   * "Almanya'dan"): the country is no destination, as after document_after, but nothing is held.
   */
  placeAfter: PhraseIndex<true>;
  /** Words for a visa right after a non-member that make it that state's visa ("an Indian visa", "indisches Visum", "индийская виза"). */
  visaAfter: PhraseIndex<true>;
  /** Words for a visa right before a non-member that make it that state's visa ("visa algérien", "wiza białoruska"). */
  visaBefore: PhraseIndex<true>;
  languageBefore: PhraseIndex<true>;
  cueSkip: ReadonlySet<string>;
  purposes: PhraseIndex<TravelPurpose>;
  relations: PhraseIndex<true>;
  visitVerbs: PhraseIndex<true>;
  notPurpose: PhraseIndex<true>;
  durationUnits: ReadonlyMap<string, number>;
  numberWords: PhraseIndex<number>;
  durationPhrases: PhraseIndex<number>;
  durationIgnoreBefore: PhraseIndex<true>;
  durationIgnoreAfter: PhraseIndex<true>;
  employment: PhraseIndex<Employment>;
  minor: PhraseIndex<boolean>;
  adultAge: number;
  /** Age units after a number (profile `age_after`), matched on the reduced words. */
  ageAfter: PhraseIndex<true>;
  /** Phrases saying the traveller needs no visa (profile `visa_free`), matched on the reduced words. */
  visaFree: PhraseIndex<true>;
  nationalityBefore: PhraseIndex<true>;
  /** The nationality cues after which a country's name is the nationality ("citizen of", "obywatel", "jestem z"), as their words joined by spaces. */
  nationalityNameBefore: ReadonlySet<string>;
  nationalityAfter: PhraseIndex<true>;
  residenceBefore: PhraseIndex<true>;
  relativeBefore: PhraseIndex<true>;
  /** Words right before a country that deny it (profile `denied_before`: "not"). */
  deniedBefore: PhraseIndex<true>;
  /** Words before a visa or permit that make it one the applicant holds ("I hold", "with my", "valid"). */
  heldBefore: PhraseIndex<true>;
  /** Words before a permit only that make it held (profile `held_before_permit`: "my"). */
  heldBeforePermit: PhraseIndex<true>;
  /** Words before a possession cue that cancel it (profile `asked_before_held`: "renew", "help"). */
  askedBeforeHeld: PhraseIndex<true>;
  /** Words after a permit that make it one the applicant holds ("residence permit holders"). */
  heldAfter: PhraseIndex<true>;
  spelling: {
    minLength: number;
    longWordLength: number;
    /** Words never corrected: every table word and the ordinary English words near a table word. */
    known: ReadonlySet<string>;
    /** Candidates by first letter, then by length (`[length]`). */
    candidates: ReadonlyMap<string, readonly (readonly SpellingCandidate[] | undefined)[]>;
    /** Words of other languages ("genom", "pays"): never corrected nor read as an inflected English word. */
    foreign: ReadonlySet<string>;
  };
  /** What-is-asked cues (asks.json): phrase → kind id. */
  asks: PhraseIndex<string>;
  /** The cues of the kinds found inside another kind's cue as well (asks.json `inside_other_cues`). */
  asksInside: PhraseIndex<string>;
  /** Question forms (asks.json `forms`): a regular expression per kind, tested on each normalised clause once its literals are found. */
  askForms: readonly ({ kind: string } & PrefilteredRegex)[];
  /** The literals of `askForms`, in their order. */
  askFormLiterals: LiteralIndex;
  /** Kind id → the topics and fact ids that answer it (empty: nothing in the rules does; `*`: every topic). */
  answeredBy: ReadonlyMap<string, ReadonlySet<string>>;
  /** Kind id → the fact kinds (money, duration_days...) whose facts answer it. */
  answeredByKinds: ReadonlyMap<string, ReadonlySet<FactKind>>;
  /** Kinds of which a part must answer at least one of those asked (`match: any`); the others it must answer all. */
  anyKinds: ReadonlySet<string>;
  /** Kinds whose question is out of scope whatever else it names (statistics). */
  outOfScopeKinds: ReadonlySet<string>;
  /** Kind id → the topics whose answer to it needs the nationality. */
  needsNationality: ReadonlyMap<string, ReadonlySet<string>>;
  /** Which fact of a general topic the question asks for (fact-cues.json), in this language's reduced words. */
  factCues: FactCues;
  /** Per other supported language, the country terms with the CLDR names of that language, built at its first question (country-names.ts). */
  countryNames: CountryNamesByLanguage;
  /** The tables of the languages with a file of their own (rules/language/<code>.json), built at their first question. */
  otherLanguages: TablesByLanguage;
}

export const LANGUAGE_FILES = ['intents.json', 'countries.json', 'nationalities.json', 'purposes.json', 'durations.json', 'profile.json', 'spelling.json', 'asks.json', 'fact-cues.json'] as const;

/**
 * Reads, validates and compiles `dir`/*.json (normally rules/language). Every file is checked
 * before anything is compiled, and a bad edit throws a RuleFilesError listing each problem with
 * its file (`language/<file>`), JSON path, what is wrong and how to fix it, so a bad edit stops
 * the load (and a reload keeps the previous snapshot).
 */
export function loadLanguageTables(dir: string): LanguageTables {
  const problems: RuleProblem[] = [];
  const read = <S extends z.ZodType>(file: string, schema: S): z.output<S> | undefined => {
    const name = `language/${file}`;
    try {
      return parseTableFile(readJson(join(dir, file), name), schema, name);
    } catch (error) {
      if (!(error instanceof RuleFilesError)) throw error;
      problems.push(...error.problems);
      return undefined;
    }
  };
  const files = {
    intents: read('intents.json', IntentsFileSchema),
    countries: read('countries.json', CountriesFileSchema),
    nationalities: read('nationalities.json', NationalitiesFileSchema),
    purposes: read('purposes.json', PurposesFileSchema),
    durations: read('durations.json', DurationsFileSchema),
    profile: read('profile.json', ProfileFileSchema),
    spelling: read('spelling.json', SpellingFileSchema),
    asks: read('asks.json', AsksFileSchema),
    factCues: read('fact-cues.json', FactCuesFileSchema),
  };
  const { intents, countries, nationalities, purposes, durations, profile, spelling, asks, factCues } = files;
  if (problems.length > 0 || !intents || !countries || !nationalities || !purposes || !durations || !profile || !spelling || !asks || !factCues) {
    throw new RuleFilesError(problems);
  }
  const english = { intents, countries, nationalities, purposes, durations, profile, spelling, asks, factCues };
  const countryCodes = new Set([...countries.schengen, ...countries.not_schengen, ...nationalities.nationalities].map((entry) => entry.code));
  const others = loadOtherLanguageFiles(dir, { intents: INTENTS, kinds: asks.kinds.map((kind) => kind.id), countries: countryCodes });
  if (others.problems.length > 0) throw new RuleFilesError(others.problems);
  return compileLanguageTables(english, phraseWords, new TablesByLanguage(others.files, english));
}

/** Validates one parsed table file; throws a RuleFilesError naming `file`, each JSON path and its fix. */
export function parseTableFile<S extends z.ZodType>(json: unknown, schema: S, file: string): z.output<S> {
  const result = schema.safeParse(json, { reportInput: true });
  if (result.success) return result.data;
  throw new RuleFilesError(problemsFromZod(file, result.error));
}

function readJson(path: string, file: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new RuleFilesError([{ file, path: '$', message: `cannot read ${path} (${(error as Error).message})`, fix: `Restore the file: every one of ${LANGUAGE_FILES.join(', ')} is required.` }]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new RuleFilesError([{ file, path: '$', message: `not valid JSON: ${(error as Error).message}`, fix: 'Correct the JSON syntax (a missing comma or quote, a trailing comma) at the position given.' }]);
  }
}

export interface LanguageTableFiles {
  intents: z.output<typeof IntentsFileSchema>;
  countries: z.output<typeof CountriesFileSchema>;
  nationalities: z.output<typeof NationalitiesFileSchema>;
  purposes: z.output<typeof PurposesFileSchema>;
  durations: z.output<typeof DurationsFileSchema>;
  profile: z.output<typeof ProfileFileSchema>;
  spelling: z.output<typeof SpellingFileSchema>;
  asks: z.output<typeof AsksFileSchema>;
  factCues: z.output<typeof FactCuesSchema>;
}

/**
 * Compiles validated table files into look-up structures. `wordsOf` turns a phrase into the
 * words it is matched on, for every look-up but the country ones: normalised words in English, reduced ones
 * in another language (other-language-tables.ts). Pure apart from building them.
 */
export function compileLanguageTables(
  files: LanguageTableFiles,
  wordsOf: (phrase: string) => string[] = phraseWords,
  otherLanguages: TablesByLanguage = new TablesByLanguage(new Map(), files),
): LanguageTables {
  const signals = new PhraseIndex<IntentSignal>(undefined, new Set(files.intents.gap_words.flatMap(wordsOf)));
  const patterns: IntentPattern[] = [];
  const routes = new Map<Intent, IntentRoute | null>([['unknown', null]]);
  const severalCountries: LanguageTables['severalCountries'][number][] = [];
  const absorbs = new Map<Exclude<Intent, 'unknown'>, { minScore: number; intents: readonly Exclude<Intent, 'unknown'>[] }>();
  for (const intent of files.intents.intents) {
    routes.set(intent.id, intent.route);
    if (intent.several_countries) {
      const { weight, when_any_of: whenAnyOf, unless_any_of: unlessAnyOf } = intent.several_countries;
      severalCountries.push({ intent: intent.id, weight, whenAnyOf, unlessAnyOf });
    }
    if (intent.absorbs) absorbs.set(intent.id, { minScore: intent.absorbs.min_score, intents: intent.absorbs.intents });
    for (const group of intent.signals) {
      const conditions = { unlessHeld: group.unless_held ?? false, beforeSchengenState: group.before_schengen_state ?? false };
      for (const p of group.phrases) signals.add(wordsOf(p), { intent: intent.id, weight: group.weight, phrase: p, ...conditions });
    }
    for (const pattern of intent.patterns ?? []) patterns.push({ intent: intent.id, weight: pattern.weight, source: pattern.regex, ...prefilteredRegex(pattern.regex) });
  }

  const countryTerms = new PhraseIndex<CountryTerm>();
  const countries = new Map<string, CountryInfo>();
  const codes = new Map<string, string>();
  const addCountry = (entry: z.output<typeof CountrySchema>, scope: CountryScope) => {
    countries.set(entry.code, { code: entry.code, name: entry.name, scope, note: entry.note ?? null });
    codes.set(entry.code, entry.code);
    for (const alias of entry.code_aliases ?? []) codes.set(alias, entry.code);
    const ordinary = new Set((entry.ordinary_words ?? []).map((word) => phraseWords(word).join(' ')));
    const add = (term: string, kind: CountryTermKind, plural: boolean) => {
      const words = phraseWords(term);
      countryTerms.add(words, { code: entry.code, scope, kind, plural, ordinary: ordinary.has(words.join(' ')) });
    };
    for (const name of entry.names) add(name, 'name', false);
    for (const demonym of entry.demonyms) add(demonym, 'demonym', isPlural(demonym, entry.demonyms));
    for (const city of entry.cities) add(city, 'city', false);
  };
  for (const entry of files.countries.schengen) addCountry(entry, 'schengen');
  for (const entry of files.countries.not_schengen) addCountry(entry, 'not_schengen');
  for (const entry of files.nationalities.nationalities) {
    if (!countries.has(entry.code)) countries.set(entry.code, { code: entry.code, name: entry.names[0] ?? entry.code, scope: 'nationality', note: null });
    for (const name of entry.names) countryTerms.add(phraseWords(name), { code: entry.code, scope: 'nationality', kind: 'name', plural: false, ordinary: false });
    for (const demonym of entry.demonyms) countryTerms.add(phraseWords(demonym), { code: entry.code, scope: 'nationality', kind: 'demonym', plural: isPlural(demonym, entry.demonyms), ordinary: false });
  }

  const index = <T>(phrases: readonly string[], value: T) => {
    const built = new PhraseIndex<T>();
    for (const p of phrases) built.add(phraseWords(p), value);
    return built;
  };
  const reducedIndex = <T>(phrases: readonly string[], value: T) => {
    const built = new PhraseIndex<T>();
    for (const p of phrases) built.add(wordsOf(p), value);
    return built;
  };
  const purposes = new PhraseIndex<TravelPurpose>();
  for (const purpose of TRAVEL_PURPOSES) for (const p of files.purposes.purposes[purpose]) purposes.add(wordsOf(p), purpose);
  const employment = new PhraseIndex<Employment>();
  for (const status of EMPLOYMENTS) for (const p of files.profile.employment[status]) employment.add(wordsOf(p), status);
  const minor = new PhraseIndex<boolean>();
  for (const p of files.profile.minor.true) minor.add(wordsOf(p), true);
  for (const p of files.profile.minor.false) minor.add(wordsOf(p), false);
  const numberWords = new PhraseIndex<number>();
  for (const [p, value] of Object.entries(files.durations.numbers)) numberWords.add(wordsOf(p), value);
  const durationPhrases = new PhraseIndex<number>();
  for (const [p, value] of Object.entries(files.durations.phrases)) durationPhrases.add(wordsOf(p), value);

  const asks = new PhraseIndex<string>();
  const asksInside = new PhraseIndex<string>();
  for (const kind of files.asks.kinds) {
    for (const p of kind.cues) {
      asks.add(wordsOf(p), kind.id);
      if (kind.inside_other_cues) asksInside.add(wordsOf(p), kind.id);
    }
  }

  const askForms = files.asks.kinds.flatMap((kind) => kind.forms.map((form) => ({ kind: kind.id, ...prefilteredRegex(form) })));
  const tables: Omit<LanguageTables, 'spelling' | 'countryNames' | 'otherLanguages'> = {
    language: 'en',
    reduceWord: (word) => word,
    asks,
    asksInside,
    askForms,
    askFormLiterals: new LiteralIndex(askForms.map((form) => form.literals)),
    answeredBy: new Map(files.asks.kinds.map((kind) => [kind.id, new Set(kind.answered_by)])),
    answeredByKinds: new Map(files.asks.kinds.map((kind) => [kind.id, new Set(kind.answered_by_kinds)])),
    anyKinds: new Set(files.asks.kinds.filter((kind) => kind.match === 'any').map((kind) => kind.id)),
    outOfScopeKinds: new Set(files.asks.kinds.filter((kind) => kind.intent === 'out_of_scope').map((kind) => kind.id)),
    needsNationality: new Map(files.asks.kinds.map((kind) => [kind.id, new Set(kind.needs_nationality ?? [])])),
    factCues: compileFactCues(files.factCues, wordsOf),
    threshold: files.intents.threshold,
    intentOrder: files.intents.intents.map((intent) => intent.id),
    routes,
    signals,
    patterns,
    patternLiterals: new LiteralIndex(patterns.map((pattern) => pattern.literals)),
    absorbs,
    held: { intent: files.intents.held.intent, weight: files.intents.held.weight, withoutNationality: files.intents.held.without_nationality ?? null, whateverNationality: new Set(files.intents.held.whatever_nationality) },
    notForNationality: new Set(files.intents.nationality_named?.not_for ?? []),
    clauses: files.intents.clauses
      ? {
          backgroundWeight: files.intents.clauses.background_weight,
          minQuestionCue: files.intents.clauses.min_question_cue,
          question: files.intents.clauses.question.map((source) => new RegExp(source)),
          narrative: files.intents.clauses.narrative.map((source) => new RegExp(source)),
          splitWords: new Set(files.intents.clauses.split_words.flatMap(wordsOf)),
          refersBack: new Set(files.intents.clauses.refers_back.flatMap(wordsOf)),
          keptIntents: new Set(files.intents.clauses.kept_intents),
        }
      : null,
    minorCase: files.intents.minor ? { intent: files.intents.minor.intent, takes: new Set(files.intents.minor.takes) } : null,
    freeMoverKeeps: new Set(files.intents.free_mover.keeps),
    answeredApart: new Map(Object.entries(files.intents.answered_apart.from).map(([main, apart]) => [main as Intent, new Set<Intent>(apart)])),
    severalCountries,
    domainWords: new Set(files.intents.domain_words.flatMap(wordsOf)),
    countryTerms,
    nameLikeDemonyms: new Set<string>(),
    countries,
    codes,
    wordCodes: new Set(files.countries.word_codes),
    documentStates: documentStatesOf(files.countries.document_states),
    lowerCaseCodes: new Set(files.countries.lower_case_codes ?? []),
    freeMovement: new Set([...files.countries.schengen.map((state) => state.code), ...files.countries.free_movement]),
    destinationBefore: index(files.countries.cues.destination_before, true as const),
    travelBefore: index(files.countries.cues.travel_before, true as const),
    originBefore: index(files.countries.cues.origin_before, true as const),
    originFrom: new Set(files.countries.cues.origin_from.map((phrase) => wordsOf(phrase).join(' '))),
    destinationAfter: index(files.countries.cues.destination_after, true as const),
    documentAfter: index(files.countries.cues.document_after, true as const),
    placeAfter: index(files.countries.cues.place_after, true as const),
    visaAfter: index(files.countries.cues.visa_after, true as const),
    visaBefore: index(files.countries.cues.visa_before, true as const),
    languageBefore: index(files.countries.cues.language_before, true as const),
    cueSkip: new Set(files.countries.cues.skip.flatMap(phraseWords)),
    purposes,
    relations: reducedIndex(files.purposes.relations, true as const),
    visitVerbs: reducedIndex(files.purposes.visit_verbs, true as const),
    notPurpose: reducedIndex(files.purposes.not_purpose, true as const),
    durationUnits: new Map(Object.entries(files.durations.units).map(([unit, days]) => [wordsOf(unit).join(' '), days])),
    numberWords,
    durationPhrases,
    durationIgnoreBefore: reducedIndex(files.durations.ignore_before, true as const),
    durationIgnoreAfter: reducedIndex(files.durations.ignore_after, true as const),
    employment,
    minor,
    adultAge: files.profile.adult_age,
    ageAfter: reducedIndex(files.profile.age_after, true as const),
    visaFree: reducedIndex(files.profile.visa_free, true as const),
    nationalityBefore: index(files.profile.nationality_before, true as const),
    nationalityNameBefore: new Set(files.profile.nationality_name_before.map((phrase) => wordsOf(phrase).join(' '))),
    nationalityAfter: index(files.profile.nationality_after, true as const),
    residenceBefore: index(files.profile.residence_before, true as const),
    relativeBefore: index(files.profile.relative_before, true as const),
    deniedBefore: index(files.profile.denied_before, true as const),
    heldBefore: index(files.profile.held_before, true as const),
    heldBeforePermit: index(files.profile.held_before_permit, true as const),
    askedBeforeHeld: index(files.profile.asked_before_held, true as const),
    heldAfter: index(files.profile.held_after, true as const),
  };
  const spelling = compileSpelling(tables, files.spelling);
  return { ...tables, spelling, countryNames: new CountryNamesByLanguage(countryTerms, countries, spelling), otherLanguages };
}

/** Every single word the tables know, and the long ones as correction candidates. */
/** countries.json `document_states` as an index from each name's words to its state. */
function documentStatesOf(names: Readonly<Record<string, readonly string[]>>): PhraseIndex<string> {
  const built = new PhraseIndex<string>();
  for (const [code, phrases] of Object.entries(names)) for (const phrase of phrases) built.add(phraseWords(phrase), code);
  return built;
}

function compileSpelling(tables: Omit<LanguageTables, 'spelling' | 'countryNames' | 'otherLanguages'>, file: z.output<typeof SpellingFileSchema>): LanguageTables['spelling'] {
  const known = new Set<string>(file.ordinary_words);
  const indexes: PhraseIndex<unknown>[] = [
    tables.signals, tables.countryTerms, tables.purposes, tables.relations, tables.visitVerbs, tables.notPurpose,
    tables.numberWords, tables.durationPhrases, tables.employment, tables.minor, tables.asks,
  ];
  const tableWords = new Set<string>(tables.domainWords);
  for (const built of indexes) for (const word of built.vocabulary()) tableWords.add(word);
  for (const unit of tables.durationUnits.keys()) tableWords.add(unit);
  for (const word of tableWords) known.add(word);
  return { minLength: file.min_length, longWordLength: file.long_word_length, known, candidates: spellingCandidates(tableWords, file.min_length), foreign: new Set(file.foreign_words) };
}

/** The words to correct towards, by first letter then by length, in alphabetical order: those of `minLength` letters or more, without digits. */
export function spellingCandidates(words: Iterable<string>, minLength: number): LanguageTables['spelling']['candidates'] {
  const candidates = new Map<string, SpellingCandidate[][]>();
  for (const word of [...words].sort()) {
    if (word.length < minLength || /\d/.test(word)) continue;
    const first = word[0] ?? '';
    const byLength = candidates.get(first) ?? [];
    (byLength[word.length] ??= []).push({ word, length: word.length });
    candidates.set(first, byLength);
  }
  return candidates;
}

function isPlural(demonym: string, all: readonly string[]): boolean {
  const lower = demonym.toLowerCase();
  return lower.endsWith('s') && all.some((other) => other.toLowerCase() !== lower && lower.startsWith(other.toLowerCase()));
}

function checkUniqueTerms(
  entries: readonly z.output<typeof CountrySchema>[],
  ctx: z.RefinementCtx,
  pathOf: (index: number) => (string | number)[],
): void {
  const owner = new Map<string, string>();
  entries.forEach((entry, index) => {
    for (const field of ['names', 'demonyms', 'cities'] as const) {
      entry[field].forEach((term, termIndex) => {
        const key = phraseWords(term).join(' ');
        const previous = owner.get(key);
        if (previous !== undefined && previous !== entry.code) {
          ctx.addIssue({ code: 'custom', path: [...pathOf(index), field, termIndex], message: `"${term}" is already listed for ${previous}: a term may name one country only` });
        }
        owner.set(key, entry.code);
      });
    }
  });
}

/** An `ordinary_words` entry must be one of the country's own terms, or it would never apply. */
function checkOrdinaryWords(
  entries: readonly z.output<typeof CountrySchema>[],
  ctx: z.RefinementCtx,
  pathOf: (index: number) => (string | number)[],
): void {
  entries.forEach((entry, index) => {
    const terms = new Set([...entry.names, ...entry.demonyms, ...entry.cities].map((term) => phraseWords(term).join(' ')));
    (entry.ordinary_words ?? []).forEach((word, wordIndex) => {
      if (!terms.has(phraseWords(word).join(' '))) {
        ctx.addIssue({ code: 'custom', path: [...pathOf(index), 'ordinary_words', wordIndex], message: `"${word}" is not one of the names, demonyms or cities of ${entry.code}` });
      }
    });
  });
}
