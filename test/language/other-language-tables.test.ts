import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RuleFilesError, type RuleProblem } from '../../src/knowledge/rule-problem.js';
import { classifyQuestion, readQuestion } from '../../src/language/classify-question.js';
import { loadLanguageTables } from '../../src/language/language-tables.js';
import { wordReducer, type OtherLanguageFile } from '../../src/language/other-language-tables.js';

/**
 * The loader of rules/language/<code>.json, on a copy of the English tables with a small French
 * file of our own (the real files are judged by the corpus: `svc fixtures --suite real`).
 */
const FRENCH = {
  $comment: 'A small test file: the real one is rules/language/fr.json.',
  language: 'fr',
  word_forms: { natural_stemmer: true },
  domain_words: ['visa', 'schengen'],
  intents: {
    visa_fees: [{ weight: 3, phrases: ['frais de visa', 'combien coûte le visa'] }],
    document_requirements: [{ weight: 3, phrases: ['documents nécessaires'] }],
    stay_duration: [{ weight: 3, phrases: ['combien de temps', 'durée du séjour'] }],
  },
  asks: { contact: { cues: ['numéro de téléphone'], forms: ['^ (comment|ou) (contacter|joindre) '] } },
  purposes: { tourism: ['tourisme'], business: ["voyage d'affaires"], family: ['visite familiale'] },
  relations: ['ma soeur'],
  visit_verbs: ['rendre visite'],
  not_purpose: [],
  durations: { units: { jour: 1, semaine: 7, mois: 30 }, numbers: { dix: 10, deux: 2 }, phrases: { 'quinze jours': 15 } },
  profile: {
    employment: { employed: ['salarié'], self_employed: ['indépendant'], student: ['étudiant'], retired: ['retraité'], unemployed: ['sans emploi'] },
    minor: { true: ['mineur'], false: ['majeur'] },
    nationality_before: ['citoyen'],
    nationality_after: [],
    residence_before: ['je vis en'],
    held_before: ["j'ai un"],
    held_after: [],
  },
  countries: { names: { CZ: ['Tchéquie'] }, demonyms: { MA: ['marocain', 'marocaine'] }, destination_before: ['en', 'au', 'pour'], origin_before: ['depuis'], skip: ['le', 'la', 'l'] },
};

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** rules/language copied, with `files` (name → JSON) written over it. */
function tablesDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'languages-'));
  dirs.push(dir);
  cpSync('rules/language', dir, { recursive: true });
  for (const [name, json] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(json));
  return dir;
}

function problemsOf(dir: string): readonly RuleProblem[] {
  try {
    loadLanguageTables(dir);
  } catch (error) {
    if (error instanceof RuleFilesError) return error.problems;
    throw error;
  }
  throw new Error('expected the load to fail');
}

describe('a language with a file of its own', () => {
  const tables = loadLanguageTables(tablesDir({ 'fr.json': FRENCH }));

  it.each([
    ['Combien coûte le visa Schengen pour la France ?', 'visa_fees', 'FR'],
    // Singular and plural meet on natural's French stem: "document nécessaire" finds "documents nécessaires".
    ['Quel document nécessaire pour un visa pour la Tchéquie ?', 'document_requirements', 'CZ'],
    ['Combien de temps puis-je rester en Italie avec un visa ?', 'stay_duration', 'IT'],
  ])('reads "%s" with its own cues: %s, country %s', (question, intent, country) => {
    const result = classifyQuestion(tables, question, 'fr');
    expect(result, JSON.stringify(result.evidence)).toMatchObject({ language: 'fr', intent, country });
  });

  it('reads its numbers, units and purposes ("dix jours", tourisme)', () => {
    const result = classifyQuestion(tables, 'Visa pour dix jours de tourisme en Espagne, quels documents nécessaires ?', 'fr');
    expect(result).toMatchObject({ days: 10, travel_purpose: 'tourism', country: 'ES', intent: 'document_requirements' });
  });

  it('never fires an English phrase on a French question ("visa fee" is no French cue here)', () => {
    const result = classifyQuestion(tables, 'visa fee pour la France', 'fr');
    expect(result.candidates.map((c) => c.intent)).not.toContain('visa_fees');
  });

  it('finds what is asked by its own question forms (a contact)', () => {
    const reading = readQuestion(tables, "Comment contacter l'ambassade de France pour un visa ?", 'fr');
    expect(reading.asks).toContain('contact');
  });

  it('scores an intent by its own question forms (patterns), on the words as typed', () => {
    const withForm = loadLanguageTables(tablesDir({ 'fr.json': { ...FRENCH, patterns: { visa_fees: [{ weight: 3, regex: '^(a|a) combien s eleve ' }] } } }));
    expect(classifyQuestion(tables, 'À combien s’élève le visa pour la France ?', 'fr').intent).not.toBe('visa_fees');
    expect(classifyQuestion(withForm, 'À combien s’élève le visa pour la France ?', 'fr')).toMatchObject({ intent: 'visa_fees', country: 'FR' });
  });

  it('matches a cue phrase across one of its articles (gap_words), one at most between two of its words', () => {
    const file = { ...FRENCH, intents: { ...FRENCH.intents, visa_requirement: [{ weight: 3, phrases: ['faut visa'] }] } };
    const without = loadLanguageTables(tablesDir({ 'fr.json': file }));
    const withGaps = loadLanguageTables(tablesDir({ 'fr.json': { ...file, gap_words: ['un', 'le'] } }));
    expect(classifyQuestion(without, 'Il faut un visa pour la France ?', 'fr').intent).not.toBe('visa_requirement');
    expect(classifyQuestion(withGaps, 'Il faut un visa pour la France ?', 'fr')).toMatchObject({ intent: 'visa_requirement', country: 'FR' });
    expect(classifyQuestion(withGaps, 'Il faut un le visa pour la France ?', 'fr').intent).not.toBe('visa_requirement');
  });

  it('makes a country known only as a nationality a destination after its own travel words (travel_before)', () => {
    const withTravel = loadLanguageTables(tablesDir({ 'fr.json': { ...FRENCH, countries: { ...FRENCH.countries, travel_before: ['visiter'] } } }));
    expect(classifyQuestion(tables, 'Faut-il un visa pour visiter le Maroc ?', 'fr').non_schengen_destination).toBeNull();
    expect(classifyQuestion(withTravel, 'Faut-il un visa pour visiter le Maroc ?', 'fr')).toMatchObject({ destination_status: 'not_schengen', non_schengen_destination: 'MA' });
  });

  it('makes a country known only as a nationality the traveller\'s after an origin cue that means "from" (origin_from)', () => {
    const question = 'Mon ami originaire de Maroc a-t-il besoin d\'un visa pour la France ?';
    const withOrigin = (originFrom: string[]) =>
      loadLanguageTables(tablesDir({ 'fr.json': { ...FRENCH, countries: { ...FRENCH.countries, origin_before: ['depuis', 'originaire de'], origin_from: originFrom } } }));
    expect(classifyQuestion(withOrigin([]), question, 'fr').profile.nationality).toBeNull();
    expect(classifyQuestion(withOrigin(['originaire de']), question, 'fr')).toMatchObject({ country: 'FR', profile: { nationality: 'MA' } });
  });

  it('leaves a language without a file on the English tables and its CLDR names', () => {
    const result = classifyQuestion(tables, 'Wie viel kostet ein Visum für Frankreich?', 'de');
    expect(result).toMatchObject({ language: 'de', country: 'FR' });
  });
});

describe('a file of another language that is wrong', () => {
  it.each([
    ['an intent that does not exist', { intents: { visa_price: [{ weight: 3, phrases: ['prix du visa'] }] } }, '$.intents.visa_price', 'is not an intent'],
    ['a kind that does not exist', { asks: { phone: { cues: ['téléphone'] } } }, '$.asks.phone', 'is not a kind'],
    ['a country code that does not exist', { countries: { ...FRENCH.countries, names: { XX: ['Nulle part'] } } }, '$.countries.names.XX', 'is not a country'],
    ['an invalid question form', { asks: { contact: { forms: ['^ (comment '] } } }, '$.asks.contact.forms[0]', 'regular expression'],
    ['a pattern of an intent that does not exist', { patterns: { visa_price: [{ weight: 3, regex: '^combien ' }] } }, '$.patterns.visa_price', 'is not an intent'],
    ['an invalid intent pattern', { patterns: { visa_fees: [{ weight: 3, regex: '^(combien ' }] } }, '$.patterns.visa_fees[0].regex', 'regular expression'],
    ['a "from" cue that is no origin cue', { countries: { ...FRENCH.countries, origin_from: ['venant de'] } }, '$.countries.origin_from[0]', 'is not in origin_before'],
  ])('names the file, the path and the fix: %s', (_, change, path, message) => {
    const problems = problemsOf(tablesDir({ 'fr.json': { ...FRENCH, ...change } }));
    expect(problems, JSON.stringify(problems)).toContainEqual(expect.objectContaining({ file: 'language/fr.json', path, message: expect.stringContaining(message) }));
    expect(problems.every((problem) => problem.fix.length > 0)).toBe(true);
  });

  it('refuses a stemmer natural does not have, and a file under another language name', () => {
    const polish = problemsOf(tablesDir({ 'pl.json': { ...FRENCH, language: 'pl' } }));
    expect(polish).toContainEqual(expect.objectContaining({ file: 'language/pl.json', path: '$.word_forms.natural_stemmer' }));
    const misnamed = problemsOf(tablesDir({ 'es.json': FRENCH }));
    expect(misnamed).toContainEqual(expect.objectContaining({ file: 'language/es.json', path: '$.language' }));
  });
});

describe('word forms without a stemmer', () => {
  const forms = (overrides: Partial<OtherLanguageFile['word_forms']>): OtherLanguageFile['word_forms'] => ({
    natural_stemmer: false, letters: {}, prefixes: [], suffixes: [], min_stem: 3, max_length: 0, ...overrides,
  });

  it('takes endings off, longest first, while enough letters remain (Polish "wizy", "wizę", "wizowy")', () => {
    const reduce = wordReducer(forms({ suffixes: ['owy', 'y', 'e', 'a'] }), 'pl');
    expect(['wiza', 'wizy', 'wize', 'wizowy'].map(reduce)).toEqual(['wiz', 'wiz', 'wiz', 'wiz']);
    expect(reduce('ue')).toBe('ue');
  });

  it('replaces letters, takes one prefix off and cuts at max_length (Arabic "التأشيرة" and "تأشيرة")', () => {
    const reduce = wordReducer(forms({ letters: { ة: 'ه' }, prefixes: ['ال', 'وال'], max_length: 6 }), 'ar');
    expect(reduce('التاشيرة')).toBe(reduce('تاشيرة'));
    expect(reduce('والتاشيرة')).toBe('تاشيره');
  });

  it('keeps words with a digit as typed ("90", "180")', () => {
    expect(wordReducer(forms({ suffixes: ['0'] }), 'tr')('180')).toBe('180');
  });
});
