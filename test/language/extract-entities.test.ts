import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyQuestion, readQuestion } from '../../src/language/classify-question.js';
import { tables } from './tables.js';

const classify = (question: string) => classifyQuestion(tables, question);
const show = (question: string) => JSON.stringify(classify(question), null, 1);

describe('country: every Schengen state by English name, own name, demonym and main city', () => {
  const rows: { code: string; words: string[] }[] = [
    { code: 'AT', words: ['Austria', 'Österreich', 'Austrian', 'Vienna', 'Wien', 'Salzburg'] },
    { code: 'BE', words: ['Belgium', 'België', 'Belgique', 'Belgian', 'Brussels', 'Antwerp'] },
    { code: 'BG', words: ['Bulgaria', 'България', 'Bulgarian', 'Sofia'] },
    { code: 'HR', words: ['Croatia', 'Hrvatska', 'Croatian', 'Zagreb', 'Dubrovnik'] },
    { code: 'CZ', words: ['Czechia', 'Czech Republic', 'Česko', 'Czech', 'Prague', 'Praha'] },
    { code: 'DK', words: ['Denmark', 'Danmark', 'Danish', 'Copenhagen'] },
    { code: 'EE', words: ['Estonia', 'Eesti', 'Estonian', 'Tallinn'] },
    { code: 'FI', words: ['Finland', 'Suomi', 'Finnish', 'Helsinki'] },
    { code: 'FR', words: ['France', 'French', 'Paris', 'Lyon', 'Marseille'] },
    { code: 'DE', words: ['Germany', 'Deutschland', 'German', 'Berlin', 'Munich', 'München', 'Frankfurt'] },
    { code: 'GR', words: ['Greece', 'Hellas', 'Ελλάδα', 'Greek', 'Athens', 'Santorini'] },
    { code: 'HU', words: ['Hungary', 'Magyarország', 'Hungarian', 'Budapest'] },
    { code: 'IS', words: ['Iceland', 'Ísland', 'Icelandic', 'Reykjavik'] },
    { code: 'IT', words: ['Italy', 'Italia', 'Italian', 'Rome', 'Milan', 'Venice'] },
    { code: 'LV', words: ['Latvia', 'Latvija', 'Latvian', 'Riga'] },
    { code: 'LI', words: ['Liechtenstein', 'Vaduz'] },
    { code: 'LT', words: ['Lithuania', 'Lietuva', 'Lithuanian', 'Vilnius'] },
    { code: 'LU', words: ['Luxembourg', 'Lëtzebuerg'] },
    { code: 'MT', words: ['Malta', 'Maltese', 'Valletta'] },
    { code: 'NL', words: ['Netherlands', 'the Netherlands', 'Nederland', 'Holland', 'Dutch', 'Amsterdam', 'Rotterdam'] },
    { code: 'NO', words: ['Norway', 'Norge', 'Norwegian', 'Oslo'] },
    { code: 'PL', words: ['Poland', 'Polska', 'Polish', 'Warsaw', 'Kraków'] },
    { code: 'PT', words: ['Portugal', 'Portuguese', 'Lisbon', 'Porto'] },
    { code: 'RO', words: ['Romania', 'România', 'Romanian', 'Bucharest'] },
    { code: 'SK', words: ['Slovakia', 'Slovensko', 'Slovak', 'Bratislava'] },
    { code: 'SI', words: ['Slovenia', 'Slovenija', 'Slovenian', 'Ljubljana'] },
    { code: 'ES', words: ['Spain', 'España', 'Spanish', 'Madrid', 'Barcelona'] },
    { code: 'SE', words: ['Sweden', 'Sverige', 'Swedish', 'Stockholm'] },
    { code: 'CH', words: ['Switzerland', 'Schweiz', 'Suisse', 'Svizzera', 'Swiss', 'Zurich', 'Geneva'] },
  ];
  it('lists the 29 states', () => expect(rows).toHaveLength(29));
  describe.each(rows)('$code', ({ code, words }) => {
    it.each(words)(`reads "%s" as ${code}`, (word) => {
      const result = classify(`visa documents for ${word} please`);
      expect(result.country, show(`visa documents for ${word} please`)).toBe(code);
      expect(result.evidence.some((e) => e.field === 'country' && e.value === code)).toBe(true);
    });
  });
});

describe('country: ISO codes count only when they stand as codes', () => {
  it.each([
    ['documents for a visa to FR', 'FR'],
    ['DE visa fee', 'DE'],
    ['visa for GR or EL?', 'GR'],
    ['requirements for NL', 'NL'],
  ])('reads the code in "%s"', (question, code) => expect(classify(question).country, show(question)).toBe(code));

  it.each([
    'is it possible to get a visa',
    'no documents yet, is that ok',
    'what is the fee for it',
    'do i need to be at the embassy',
    'can it be done online',
    'DOES IT COST MORE IF I AM LATE',
  ])('does not read English words as codes in "%s"', (question) => expect(classify(question).country, show(question)).toBeNull());

  it('keeps a word-like code (IT) only when no country is named', () => {
    expect(classify('business visa for an IT conference in Berlin').country).toBe('DE');
    expect(classify('visa fee for IT').country).toBe('IT');
  });

  it('reads a word-like code inside a phrase typed in capitals as the word ("NO CUMPLE REQUISITOS")', () => {
    const question = "me denegaron el visado y la carta solo dice 'NO CUMPLE REQUISITOS', ¿qué hago?";
    expect(classify(question), show(question)).toMatchObject({ country: null, non_schengen_destination: null });
    expect(classify('do I need a visa for NO with a US passport').country).toBe('NO');
  });
});

describe('country: destinations outside Schengen are recognised, not mistaken for members', () => {
  it.each([
    ['Do I need a visa for the UK?', 'GB'],
    ['travel to England next summer', 'GB'],
    ['visa for London', 'GB'],
    ['can I go to Dublin with a schengen visa', 'IE'],
    ['Cyprus visa requirements', 'CY'],
    ['visit Limassol', 'CY'],
    ['tourist visa for the USA', 'US'],
    ['documents for a US tourist visa', 'US'],
  ])('"%s" → out_of_scope, not_schengen %s', (question, code) => {
    const result = classify(question);
    expect(result, show(question)).toMatchObject({ intent: 'out_of_scope', country: null, destination_status: 'not_schengen', non_schengen_destination: code });
  });

  it.each([
    ['visa for Dubai from Germany', 'AE'],
    ['Is a visa needed for Gibraltar?', 'GI'],
    ['documents for a Canadian visitor visa', 'CA'],
    ['Flying from Germany to the UK, do I need a visa?', 'GB'],
  ])('"%s" → out of scope, the Schengen state being only the origin or absent (%s)', (question, code) => {
    expect(classify(question), show(question)).toMatchObject({ intent: 'out_of_scope', country: null, non_schengen_destination: code });
  });

  // A bare "for" before a country known only as a nationality (nl "voor", es/pt "para", it "per",
  // fr "pour", pl "na"): the trip goes there; before a demonym it stays the traveller.
  it.each([
    ['Per il Perù il passaporto deve avere ancora sei mesi di validità?', 'PE'],
    ['Moet je voor Rusland een uitnodigingsbrief hebben?', 'RU'],
    ['Jadę na Białoruś, czy polska polisa tam wystarczy?', 'BY'],
    ['Pour le Pérou faut-il un passeport valide six mois ?', 'PE'],
    ['¿Necesito visa de turista para Argentina siendo cubano?', 'AR'],
    // A demonym spelt as the country's name (tables.nameLikeDemonyms) is the name after a travel cue.
    ["Quanto costa il visto per l'Ucraina?", 'UA'],
    ["Faut-il un visa pour l'Argentine ?", 'AR'],
    ['Preciso de visto para as Filipinas?', 'PH'],
  ])('"%s" → out_of_scope, not_schengen %s', (question, code) => {
    expect(classify(question), show(question)).toMatchObject({ intent: 'out_of_scope', country: null, non_schengen_destination: code });
  });

  it.each([
    ['¿Cuánto cuesta la visa Schengen para peruanos?', 'PE'],
    ['Qual o visto para angolanos que vão a Portugal?', 'AO'],
    ["mia moglie è ucraina, le serve il visto per l'Italia?", 'UA'],
  ])('"%s": a demonym after "para" is the traveller (%s)', (question, nationality) => {
    expect(classify(question).profile.nationality, show(question)).toBe(nationality);
  });

  it.each([
    ['An Italian going to Morocco for two weeks, do they need a visa?', 'MA', 'IT'],
    ['Un italiano che va in Marocco per due settimane ha bisogno del visto?', 'MA', 'IT'],
    // "visa for Pakistan" names the trip outside as surely as a travel cue does.
    ['my husband is french, can he get a tourist visa for pakistan and how long can he stay?', 'PK', 'FR'],
  ])('"%s": a Schengen demonym with no cue is the traveller on a trip to %s, not the destination', (question, code, nationality) => {
    expect(classify(question), show(question)).toMatchObject({ intent: 'out_of_scope', country: null, non_schengen_destination: code, profile: { nationality } });
  });

  it.each(['translate this into French please', 'do the staff speak German', 'I want to learn Spanish'])('reads the language in "%s" as no country', (question) => {
    expect(classify(question).country, show(question)).toBeNull();
  });

  it.each([
    ['trip to London and Paris, which visa do I need', 'FR', 'london'],
    ['trip to Paris and London, which visa do I need', 'FR', 'london'],
    ['flying to turkey then greece, which visa do I need', 'GR', 'turkey'],
    ['Greece and Turkey in one trip, what documents?', 'GR', 'turkey'],
    ['visiting the Vatican and Rome, what documents do I need', 'IT', 'the vatican'],
  ])('"%s" → the Schengen destination %s wins over the non-member, whatever the order', (question, code, setAside) => {
    const result = classify(question);
    expect(result, show(question)).toMatchObject({ country: code, destination_status: 'schengen', non_schengen_destination: null });
    expect(result.intent).not.toBe('out_of_scope');
    expect(result.evidence.some((e) => e.field === 'country' && e.value === null && e.matched === setAside), show(question)).toBe(true);
  });

  it.each([
    'I have a US visa, can I enter Schengen with it?',
    'I hold a valid UK visa, can I travel to Schengen without a visa?',
    'documents for a schengen visa from New York',
    'what documents do I need for a schengen visa, applying from London',
    'US visa holders, do they need a schengen visa?',
  ])('"%s" → a visa held or a place applied from is no destination', (question) => {
    const result = classify(question);
    expect(result, show(question)).toMatchObject({ country: null, destination_status: null, non_schengen_destination: null });
    expect(result.intent).not.toBe('out_of_scope');
  });

  it.each([
    ['I am Indian, visa for France?', 'FR', 'IN'],
    ['I am Indian. Visa needed?', null, 'IN'],
    ['Indian visa applicants for schengen, what documents?', null, null],
    ['je suis algérien, visa pour la France ?', 'FR', null],
    ['какие страны шенгена выдают туристические визы россиянам?', null, null],
  ])('"%s" → a demonym next to "visa" across a clause, or naming people, is no destination', (question, country, nationality) => {
    const result = classify(question);
    expect(result, show(question)).toMatchObject({ country, non_schengen_destination: null });
    if (nationality) expect(result.profile.nationality, show(question)).toBe(nationality);
  });

  it('reads a held visa of a non-member as a document, not the destination', () => {
    expect(classify('can I use my Indian visa for schengen'), show('held')).toMatchObject({ destination_status: null, non_schengen_destination: null });
  });

  it.each([
    ['do i need a visa for Spain if I hold a residence permit from the UK', 'ES'],
    ['I have a UK residence permit, do I need a visa for France?', 'FR'],
  ])('"%s" → the residence permit is held, %s is the destination', (question, code) => {
    expect(classify(question), show(question)).toMatchObject({ intent: 'residence_permit_holders', country: code, destination_status: 'schengen' });
  });

  it.each([
    ['if I already hold a schengen visa for spain do I still need a separate visa to get into gibraltar?', 'GI'],
    ['I have a Schengen visa for Spain, can I enter the UK with it?', 'GB'],
    ['with my valid visa for Italy can I take the ferry to Albania?', 'AL'],
  ])('"%s" → the state after a held "visa for" is a document, so the only destination is %s', (question, code) => {
    expect(classify(question), show(question)).toMatchObject({ country: null, destination_status: 'not_schengen', non_schengen_destination: code });
  });

  it.each([
    ['I have a Schengen visa for Spain, can I also visit Italy?', 'IT'],
    ['I have a visa for Spain, how long can I stay?', 'ES'],
    ['I need a visa for Spain, where do I apply?', 'ES'],
    ['I have a single entry visa for the Netherlands, if I go to London for a weekend can I come back in on the same visa?', 'NL'],
  ])('"%s" → %s: a held visa\'s state gives way only to another destination; a kind of visa named stays the destination', (question, code) => {
    expect(classify(question).country, show(question)).toBe(code);
  });

  it.each([
    ['So how much will this ETIAS cost per person? someone said about US$8'],
    ['is the fee still C$ 20 or did it go up?'],
  ])('"%s" → letters before a dollar sign are a currency, no destination', (question) => {
    expect(classify(question), show(question)).toMatchObject({ country: null, destination_status: null, non_schengen_destination: null });
  });

  it.each([
    ["I'm not a British passport holder - do I need a visa for a walking holiday in Italy?", 'IT'],
    ["I'm not a US citizen and not European, do I need a Schengen visa for France?", 'FR'],
    ["I'm flying to Italy, not France, which documents do I need?", 'IT'],
  ])('"%s" → a country after "not" is neither the nationality nor the destination (%s)', (question, code) => {
    expect(classify(question), show(question)).toMatchObject({ country: code, profile: { nationality: null } });
  });

  it.each([
    ["Ma mère vient trois semaines avec une attestation d'accueil, combien d'argent par jour doit-elle montrer ?", 'FR'],
    ['Hoe vraag ik een garantstelling aan voor mijn zus uit Suriname?', 'NL'],
    ['My host signs the annex 3bis at the commune, does my mother still need her own bank statements?', 'BE'],
  ])('"%s" → a document only one state has names that state (%s) when no state is named', (question, code) => {
    expect(classify(question), show(question)).toMatchObject({ country: code, destination_status: 'schengen' });
  });

  it('a state named wins over the state of a document ("attestation d\'accueil" with Italy named)', () => {
    expect(classify("Pour l'Italie, faut-il une attestation d'accueil comme en France ?").country).toBe('IT');
  });

  it.each([
    ['is there a US visa requirement for germans', 'US', 'DE'],
    ['do Italians need a US visa', 'US', 'IT'],
    ['Can I go to London with my French visa?', 'GB', null],
  ])('"%s" → out of scope: the visa asked about or the only destination is %s', (question, code, nationality) => {
    expect(classify(question), show(question)).toMatchObject({ intent: 'out_of_scope', destination_status: 'not_schengen', non_schengen_destination: code, profile: { nationality } });
  });

  it.each([
    ['do I need a visa for Andorra', 'AD'],
    ['Monaco visa requirements', 'MC'],
    ['Is a Schengen visa enough for San Marino?', 'SM'],
    ['documents to visit Vatican City', 'VA'],
    // Round 4 of real questions (2026-11-27): after a travel phrase in another language.
    ['Fliege nächste Woche nach Ägypten, brauche ich ein Visum?', 'EG'],
    ['Ik ga op vakantie naar Suriname, heb ik een visum nodig?', 'SR'],
    ['Faut-il un visa pour aller au Maroc ?', 'MA'],
    ['¿Necesito visa para viajar a Colombia?', 'CO'],
    ['Quem está isento de visto para entrar em Cabo Verde?', 'CV'],
    ['Potrzebuję wizę na Białoruś?', 'BY'],
    ['Нужна ли виза, чтобы поехать в Египет?', 'EG'],
    // A visa named by a non-member is that state's visa (countries `visa_after` / `visa_before`).
    ['How long is an Indian visa valid?', 'IN'],
    ['how much does a belarusian visa cost', 'BY'],
    ['Quelle assurance pour un visa algérien ?', 'DZ'],
    ['Wie lange ist ein indisches Visum gültig?', 'IN'],
    ['Jak długo ważna jest indyjska wiza?', 'IN'],
    ['Сколько стоит индийская виза?', 'IN'],
    ['Hindistan vizesi ne kadar?', 'IN'],
    // A stay verb before a state outside the area (`travel_before`): the stay is there, not in Schengen.
    ['How long can I stay in Thailand as a German?', 'TH'],
    ['Combien de temps puis-je rester en Thaïlande avec un passeport français ?', 'TH'],
    ['Ile mogę zostać w Tajlandii jako Polak?', 'TH'],
  ])('"%s" → the non-member %s, out of scope', (question, code) => {
    expect(classify(question), show(question)).toMatchObject({ intent: 'out_of_scope', country: null, destination_status: 'not_schengen', non_schengen_destination: code });
  });

  // Issue 9: a membership question about a non-member is routed to the membership rules (GET
  // /countries), as POST /answer answers it, instead of being refused as a destination.
  it.each([
    ['Is Ireland in Schengen?', 'IE'],
    ['Is Monaco part of the Schengen zone?', 'MC'],
  ])('"%s" asks whether the non-member %s is a member: country_list, not_schengen', (question, code) => {
    expect(classify(question), show(question)).toMatchObject({ intent: 'country_list', country: null, destination_status: 'not_schengen', non_schengen_destination: code });
  });

  it.each(['cooking turkey for thanksgiving', 'we always roast a turkey and potatoes at christmas', 'polish my shoes before the interview'])(
    'reads no place in "%s" (a country name that is also an ordinary word, lower case, no cue)',
    (question) => expect(classify(question), show(question)).toMatchObject({ country: null, destination_status: null, non_schengen_destination: null }),
  );

  it.each(['do i need a visa for turkey', 'turkey visa for indians', 'Turkey in winter, any tips?'])('reads "turkey" as Türkiye with a cue or a capital ("%s")', (question) => {
    expect(classify(question).non_schengen_destination, show(question)).toBe('TR');
  });

  // 2026-11-27: a demonym right before a visa word names the visa, even after a cue that would make it the person ("voor", "für").
  it.each([
    ['Welke stukken moet mijn vriendin meenemen voor een Belgisch schengenvisum?', 'BE'],
    ['Ik vind geen afspraak voor mijn Belgisch visum', 'BE'],
    ['Wie lange wartet man auf einen Termin für das Schweizer Visum?', 'CH'],
  ])('"%s" → the visa of %s, no nationality', (question, code) => {
    expect(classify(question), show(question)).toMatchObject({ country: code, profile: { nationality: null } });
  });

  it.each([
    ["I'll spend 5 days in France and 9 days in Italy, which consulate do I apply at?", 'IT'],
    ['where to lodge my application? itinerary is spain 3 days, italy 6 days, france 3 days', 'IT'],
    ['Paris for 8 days and Rome for 3 days, where do I apply?', 'FR'],
  ])('"%s" → %s, the state of the longest stay', (question, code) => {
    expect(classify(question).country, show(question)).toBe(code);
  });

  it('keeps the first-named state when two longest stays are equal', () => {
    expect(classify('5 days in France and 5 days in Italy, where do I apply?').country).toBe('FR');
  });

  // 2026-11-27: the cities, islands and regions users name instead of the state (countries.json `cities`).
  it.each([
    ['Will I need a residency permit if I am staying in Groningen for four months?', 'NL'],
    ['Do I need a transit visa to change planes at Charles de Gaulle if I stay airside?', 'FR'],
    ['Quiero invitar a mi primo a Zaragoza, como pido la carta de invitacion?', 'ES'],
    ['mia cugina e moldava, le serve il visto per stare da me a Modena un mese?', 'IT'],
    ['is etias coming in later this year?', null],
  ])('"%s" → %s', (question, code) => {
    expect(classify(question).country, show(question)).toBe(code);
  });

  it('reads "polish" as Poland next to a cue', () => {
    expect(classify('documents for a polish visa').country).toBe('PL');
  });

  it('keeps a Schengen destination when the non-member is only where the applicant lives', () => {
    const result = classify('I live in London and want to visit Rome for a week');
    expect(result, show('I live in London')).toMatchObject({ country: 'IT', destination_status: 'schengen' });
  });
});

describe('nationality is told apart from the destination', () => {
  it.each([
    ['I am Indian, travelling to France', 'IN', 'FR'],
    ["I'm Indian, travelling to France for 3 weeks", 'IN', 'FR'],
    ['as a Nigerian, what documents for Italy', 'NG', 'IT'],
    ['citizen of Egypt going to Greece', 'EG', 'GR'],
    ['I hold a Turkish passport, visa for Spain?', 'TR', 'ES'],
    ['do americans need a visa for spain', 'US', 'ES'],
    ['British citizen going to Spain', 'GB', 'ES'],
    ['I am German and I want to visit Norway', 'DE', 'NO'],
    ['I am from Ghana, going to Lisbon', 'GH', 'PT'],
    ['Do Nigerians need a visa for Germany?', 'NG', 'DE'],
    ['Do Angolans need a Schengen visa for France?', 'AO', 'FR'],
    ['I am from Jamaica, going to Rome', 'JM', 'IT'],
    ['do panamanians need a visa for spain', 'PA', 'ES'],
    ['citizen of Timor-Leste visiting Portugal', 'TL', 'PT'],
    ['Hong Kong passport holders, visa for Italy?', 'HK', 'IT'],
    // A country's name after a nationality cue of the question's language (profile `nationality_name_before`).
    ['Jestem z Kolumbii i chcę zrobić kurs w Walencji – potrzebuję wizy?', 'CO', 'ES'],
    ['Czy obywatel Boliwii potrzebuje wizy do Polski?', 'BO', 'PL'],
    ['Soy de Colombia, ¿necesito visa para España?', 'CO', 'ES'],
    ['Ich komme aus Kolumbien, brauche ich ein Visum für Österreich?', 'CO', 'AT'],
    // "argentina" is the country's name and the feminine demonym: a person after "soy", "sou", "sono".
    ['soy argentina y voy a España, ¿necesito visa?', 'AR', 'ES'],
    ["sono argentina, mi serve il visto per l'Italia?", 'AR', 'IT'],
  ])('"%s" → nationality %s, country %s', (question, nationality, country) => {
    const result = classify(question);
    expect(result.profile.nationality, show(question)).toBe(nationality);
    expect(result.country, show(question)).toBe(country);
  });

  it('knows every nationality of the EU visa lists (Annex I and II) that the visa requirement answers', () => {
    const rules = JSON.parse(readFileSync('rules/general/visa_requirement.json', 'utf8')) as { facts: { id: string; value: unknown }[] };
    const listed = rules.facts
      .filter((fact) => fact.id === 'visa_requirement.annex_i' || fact.id === 'visa_requirement.annex_ii')
      .flatMap((fact) => (fact.value as { code: string }[]).map((entry) => entry.code));
    expect(listed.length).toBeGreaterThan(150);
    expect(listed.filter((code) => !tables.countries.has(code))).toEqual([]);
  });

  it.each([
    ['入境西班牙护照有效期至少要剩几个月?', 'ES'],
    ['visit germany passport validity', 'DE'],
  ])('"%s": a name right after a travel cue is the destination even before a passport word (%s)', (question, country) => {
    const result = classify(question);
    expect(result.country, show(question)).toBe(country);
    expect(result.profile.nationality, show(question)).toBeNull();
  });

  // profile `relative_before`: the family member's nationality is neither the traveller's nor where the trip goes.
  it.each([
    ['is the spanish visa free of charge for the non-EU spouse of a british citizen?', null, 'ES'],
    ['married to a british citizen, do I need a schengen visa?', null, null],
    ["I'm Indian and married to a British citizen, do I need a visa for Spain?", 'IN', 'ES'],
    ['I am the son of an Italian citizen, do I need a visa for France?', null, 'FR'],
    ['soy boliviana, casada con un ciudadano italiano, ¿tengo que pagar la visa?', 'BO', null],
    ['sou casada com um português, o visto de familiar de cidadão da UE é gratuito?', null, null],
    ['je suis mariée à un Français, est-ce que le visa est gratuit ?', null, null],
  ])('"%s": a relative\'s nationality is set aside (nationality %s, country %s)', (question, nationality, country) => {
    const result = classify(question);
    expect(result.profile.nationality, show(question)).toBe(nationality);
    expect(result.country, show(question)).toBe(country);
  });

  it('does not read a nationality-only country as a destination', () => {
    expect(classify('I live in India, which documents?').country).toBeNull();
    expect(classify('I live in India, which documents?').destination_status).toBeNull();
  });
});

describe('days: the length of stay', () => {
  it.each([
    ['10 days in Spain', 10],
    ['two weeks in Italy', 14],
    ['a month in France', 30],
    ['a fortnight in Portugal', 14],
    ['3 weeks in Austria', 21],
    ['90 days in Greece', 90],
    ['twenty five days in Malta', 25],
    ['a couple of weeks in Latvia', 14],
    ['10-15 days in Poland', 15],
    ['6 weeks in Spain', 42],
    ['one week in Denmark', 7],
  ])('"%s" → %i', (question, days) => expect(classify(question).days, show(question)).toBe(days));

  // An age stated with a relation ("ma fille de 9 ans") is no stay, even where the age unit is a duration unit.
  it.each([
    ['ma fille de 9 ans part en Espagne', null],
    ['mi hija de 9 años viaja a España', null],
    ['mon fils de 16 ans part 2 semaines en Italie', 14],
    ['my daughter is 9 years old, going to Spain for 10 days', 10],
  ])('"%s": an age is not the stay (days %s)', (question, days) => expect(classify(question).days, show(question)).toBe(days));

  it.each([
    'I travel next month to Paris',
    'applied 3 weeks ago at the Dutch embassy',
    'my passport expires in 2 months',
    'explain the 90/180 day rule',
    'visa for my 12 year old daughter',
    'apply 15 days before travel',
    'how much money per day for Spain',
    'is 100 euros a day enough',
    'within 180 days',
  ])('"%s" → null (a point in time, an age or a rule, not a stay)', (question) => expect(classify(question).days, show(question)).toBeNull());
});

describe('travel purpose', () => {
  it.each([
    ['tourist visa for France', 'tourism'],
    ['holiday in Spain', 'tourism'],
    ['going to a conference in Berlin', 'business'],
    ['business trip to Milan', 'business'],
    ['visit my sister in Amsterdam', 'family'],
    ['visiting friends in Poland', 'family'],
    ['my cousin s wedding in Lisbon', 'family'],
    ['to see my parents in Oslo', 'family'],
  ])('"%s" → %s', (question, purpose) => expect(classify(question).travel_purpose, show(question)).toBe(purpose));

  it.each(['visa for my son to Denmark', 'I am a business owner, documents for France', 'family reunification in Germany'])(
    '"%s" → null',
    (question) => expect(classify(question).travel_purpose, show(question)).toBeNull(),
  );
});

describe('profile: employment and minor', () => {
  it.each([
    ['I am self-employed', 'self_employed'],
    ['I work as a nurse', 'employed'],
    ['as a student', 'student'],
    ['I am a pensioner', 'retired'],
    ['I am unemployed', 'unemployed'],
    ['freelancer going to Rome', 'self_employed'],
  ])('"%s" → %s', (question, employment) => expect(classify(question).profile.employment, show(question)).toBe(employment));

  it.each([
    ['visa for my 12 year old daughter', true],
    ['I am 16', true],
    ["I'm 34 and unemployed", false],
    ['fees for children', true],
    ['fees for adults', false],
    ['a 15-year-old travelling alone', true],
    // The age of a relative the question names (purposes.json relations).
    ['my daughter is 9, what does she need to visit Spain?', true],
    ['our son (14) flies to Lisbon alone next month', true],
    ['my mother is 72, which documents does she need for Italy?', false],
    ['my brother stayed 3 weeks in Spain', null],
  ])('"%s" → minor %s', (question, minor) => expect(classify(question).profile.minor, show(question)).toBe(minor));

  it('leaves the profile null when the question says nothing about it', () => {
    expect(classify('documents for France').profile).toEqual({ nationality: null, employment: null, minor: null });
  });

  // The fee brackets by age (the answer's fee facts) are read against these, from the one reading.
  it.each([
    [' my 8 year old and for me ', [8]],
    [' kids aged 5 and 9 ', [5, 9]],
    [' a 15yo ', [15]],
    [' a 30 years old adult and a 7 year old ', [30, 7]],
    [' 10 days in france ', []],
  ] as const)('reads the ages of %j', (text, ages) => {
    expect(readQuestion(tables, text).ages).toEqual(ages);
  });

  // profile.json `visa_free`: the traveller says they need no visa (the insurance rule then says nothing of them).
  it.each([
    ["we don't need a visa, is travel insurance compulsory?", true],
    ['i dont need any schengen visa as a brit', true],
    ['is travel insurance needed for visa free travel', true],
    ['do i need a visa for france?', false],
    ['does my wife need a schengen visa?', false],
  ] as const)('reads whether %j says the traveller needs no visa', (text, visaFree) => {
    expect(readQuestion(tables, text).visaFree).toBe(visaFree);
  });
});

describe('lower-case nationalities (issue 9)', () => {
  it.each([
    ['does us passport need visa for europe', 'US'],
    ['us citizen going to spain for a week', 'US'],
    ['indian citizen do i need visa for france', 'IN'],
  ])('"%s" → nationality %s', (question, code) => {
    expect(classify(question).profile.nationality, show(question)).toBe(code);
  });

  it.each(['stamp at passport control', 'can you tell us about the visa'])('"%s" names no nationality', (question) => {
    expect(classify(question).profile.nationality, show(question)).toBeNull();
  });
});

describe('round 4 of real questions (2026-11-27): who travels, and membership of several states', () => {
  it.each([
    ['How much will the ETIAS cost for UK travellers?', 'etias'],
    ['Will UK holidaymakers be fingerprinted each time they visit the EU?', 'ees'],
  ])('"%s": the UK before "travellers"/"holidaymakers" is their nationality, not the destination', (question, intent) => {
    expect(classify(question), show(question)).toMatchObject({ intent, country: null, destination_status: null, profile: { nationality: 'GB' } });
  });

  it.each([
    'Are Bulgaria and Romania in Schengen?',
    '¿Bulgaria y Rumanía ya están en Schengen?',
    "Bulgaristan ve Romanya Schengen'e girdi mi?",
    // Round 9: "which countries" reduces to the stem of "which country" (a where_to_apply cue) in
    // these languages; the states named do not make it a question of where to apply.
    '¿Qué países forman parte del espacio Schengen? ¿Croacia y Rumanía ya entran?',
    "Quels pays font partie de l'espace Schengen ? La Croatie et la Roumanie aussi ?",
    'Welche Länder gehören zum Schengenraum? Auch Kroatien und Rumänien?',
    'Które kraje należą do strefy Schengen? Chorwacja i Rumunia też?',
  ])(
    '"%s": a membership question about several states names no one destination',
    (question) => {
      expect(classify(question), show(question)).toMatchObject({ intent: 'country_list', country: null });
    },
  );

  it('keeps the state of a membership question about one state', () => {
    expect(classify('Is Croatia in Schengen?')).toMatchObject({ intent: 'country_list', country: 'HR' });
  });
});

describe('a permit held and no nationality: the rules for permit holders answer whether a visa is needed', () => {
  it.each([
    'i have residence permit in italy, do i need visa for spain?',
    'Do US green card holders need a visa to travel to the Schengen countries?',
  ])('"%s" → residence_permit_holders', (question) => {
    expect(classify(question), show(question)).toMatchObject({ intent: 'residence_permit_holders', profile: { nationality: null } });
  });

  it('keeps the visa requirement when the nationality is given: the EU visa list decides', () => {
    const question = "I'm Indian and I have a residence permit in Italy, do I need a visa for Spain?";
    expect(classify(question), show(question)).toMatchObject({ intent: 'visa_requirement', profile: { nationality: 'IN' } });
  });
});

describe('the 90/180 rule asked with a stay outside the area', () => {
  it.each([
    'if I go to the UK for a day and come back, do my 90 days start again?',
    'can i spend 90 days in the UK and then 90 in schengen?',
    'Do days spent in Cyprus count toward my Schengen 90/180?',
    // One stay cue is enough beside the rule's numbers (2026-11-27).
    'if we pop over to the UK for a few weeks in the middle of the trip does that reset our 90 days?',
    'se eu passar uns dias em Londres no meio da viagem, esses dias contam nos 90?',
  ])('"%s" → stay_duration, the non-member is no destination refused', (question) => {
    expect(classify(question), show(question)).toMatchObject({ intent: 'stay_duration', destination_status: null, non_schengen_destination: null });
  });

  it('keeps a stay question about a non-member alone out of scope', () => {
    expect(classify('How long can I stay in the UK?')).toMatchObject({ intent: 'out_of_scope', non_schengen_destination: 'GB' });
    expect(classify('I want to stay in the UK for 90 days, do I need a visa?')).toMatchObject({ intent: 'out_of_scope', non_schengen_destination: 'GB' });
  });
});

// 2026-11-27: a national of the area or of another EU state moves freely; the short-stay rules are not theirs.
describe('a national with free movement', () => {
  it.each([
    "I'm German, how long can I stay in France?",
    'does the 90 day rule apply to irish passport holders?',
    'Je suis français, je peux rester combien de temps en Espagne sans faire de démarches ?',
    'sono italiano, posso andare in Spagna col passaporto scaduto?',
  ])('"%s" → out_of_scope', (question) => {
    expect(classify(question).intent, show(question)).toBe('out_of_scope');
  });

  it.each([
    'I am German and my wife is Thai, does she need a visa for France?',
    "Does the 90 day rule still apply to me if I'm married to a French citizen?",
    'What documents does a German host need for a formal obligation letter?',
    "I'm Italian, which countries are in Schengen?",
  ])('"%s" stays in scope: someone else travels, or it asks what a national may', (question) => {
    expect(classify(question).intent, show(question)).not.toBe('out_of_scope');
  });
});

// 2026-11-27: a non-member after "in", in a question about getting a Schengen visa, is where it is applied for.
describe('where a Schengen visa is applied for is no destination', () => {
  it.each([
    'Agent in Dubai quoting 1800 AED for my schengen visa. what is the actual embassy fee?',
    'how much is the schengen visa fee in Dubai?',
    "I'm Venezuelan but live in Colombia. Do I need to apply for a visa to visit Spain for a couple of weeks?",
  ])('"%s" is not refused as a trip outside the area', (question) => {
    expect(classify(question), show(question)).toMatchObject({ destination_status: expect.not.stringMatching('not_schengen') });
  });

  it('still reads a trip outside the area: "Can I use my schengen visa in Turkey?"', () => {
    expect(classify('Can I use my schengen visa in Turkey?')).toMatchObject({ intent: 'out_of_scope', non_schengen_destination: 'TR' });
  });
});
