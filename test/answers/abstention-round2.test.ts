import { describe, expect, it } from 'vitest';
import { composeAnswer, type AnswerContext } from '../../src/answers/compose-answer.js';
import { loadRules } from '../../src/knowledge/rule-book.js';

// Issue 9, abstention round 2: shapes of must-be-null questions that still got a neighbouring fact
// on a fresh batch of real-modelled English questions (fixtures/questions/real/en.dev.json,
// sixth batch), and the questions next to them that keep their answer.
const rules = loadRules('rules');
const context: AnswerContext = { knowledge: rules.knowledge, language: rules.language, capabilities: rules.capabilities };
const ask = async (question: string) => (await composeAnswer({ question }, context)).data;

/** The question is read in `language` and answered null, no rule answering what it asks. */
async function expectNoMatchingRuleIn(question: string, language: string): Promise<void> {
  const data = await ask(question);
  expect(data.language).toBe(language);
  expect(data.answer, JSON.stringify(data)).toBeNull();
  expect(data.reason).toBe('no_matching_rule');
}

/** The question is read in `language` and answered with the fact `factId` among others. */
async function expectFactIn(question: string, language: string, factId: string): Promise<void> {
  const data = await ask(question);
  expect(data.language).toBe(language);
  expect(data.answer?.facts.map((fact) => fact.id)).toContain(factId);
}

describe('an airport transit visa asked for a named state and a nationality not on Annex IV', () => {
  // A state may require an airport transit visa of other nationals too (Visa Code Art. 3(2)); the
  // rules hold Annex IV only, so whether that state requires one is no rule's to say.
  it.each([
    ['do indonesians need a transit visa in amsterdam?', 'en'],
    ['Does Amsterdam require a transit visa for Indians?', 'en'],
  ])('%s → null (%s)', expectNoMatchingRuleIn);

  it('a nationality on Annex IV is answered: the common list decides for every state', async () => {
    const data = await ask('do nigerians need a transit visa in amsterdam?');
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
    expect(data.answer?.facts.map((fact) => fact.id)).toContain('airport_transit.annex_iv');
  });

  // The requirement is read by each language's asks `requirement` cues ("brauche ich", "需要",
  // "necesito"), so the same question gets the same answer whatever its language.
  it.each([
    ['Ich bin Inder und muss in München umsteigen nach Toronto, brauche ich ein Transitvisum?', 'de'],
    ['Soy colombiano y hago escala en Madrid, ¿necesito visa de tránsito?', 'es'],
    ['中国护照在德国转机过境需要办过境签吗?', 'zh'],
    // Where a whether-needed cue holds the requirement word ("нужна ли", "potrzebuję wizy
    // tranzytowej"), the requirement is read inside it (asks.json `inside_other_cues`).
    ['Нужна ли мне, гражданину России, транзитная виза в Германии?', 'ru'],
    ['Czy jako obywatel Rosji potrzebuję wizy tranzytowej we Frankfurcie?', 'pl'],
  ])('%s → null (%s)', expectNoMatchingRuleIn);

  it('in another language too, a nationality on Annex IV is answered', () =>
    expectFactIn('Soy nigeriano y hago escala en Madrid, ¿necesito visa de tránsito?', 'es', 'airport_transit.annex_iv'));

  it('without a state named the common rule answers', async () => {
    const data = await ask('does a citizen of india need a visa for transit through a schengen airport?');
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
    expect(data.topics).toContain('airport_transit');
  });
});

describe('a visa held outside Schengen', () => {
  it('its extension is not_schengen_state, like its validity', async () => {
    const data = await ask('Can I extend my duration of stay on my UK visitor visa from two weeks to three weeks in August?');
    expect(data.answer, JSON.stringify(data)).toBeNull();
    expect(data.reason).toBe('not_schengen_state');
  });

  it('extending a Schengen visa is still answered', async () => {
    const data = await ask('if i need to stay longer than my visa can i get it extended?');
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
    expect(data.topics).toContain('visa_extension');
  });
});

describe('details no rule states (asks.json forms)', () => {
  it.each([
    'what time can I pick up my passport at the visa centre?',
    'ETIAS and dual citizens: which passport should I use?',
    'Schengen visa issued, what if the passport number on the visa is wrong?',
    'what happens if you overstay your schengen visa by 1 day?',
    'if I ask for a multiple entry visa on my application will I get one?',
    'How to apply for Schengen Student Visa from Nigeria?',
    'I overstayed 3 days last summer in Spain because I was in hospital, will this affect my next visa application?',
    'Do Turkish green passport holders need a visa for Greece?',
    'can i submit my swiss visa application directly to the embassy in astana instead of vfs',
  ])('%s → null', async (question) => {
    const data = await ask(question);
    expect(data.answer, JSON.stringify(data)).toBeNull();
  });

  it.each([
    ['What happens if you overstay your schengen visa?', 'overstay'],
    ['what is the difference between a single entry and a multiple entry visa?', 'visa_types'],
  ])('%s → %s', async (question, topic) => {
    const data = await ask(question);
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
    expect(data.topics).toContain(topic);
  });
});

describe('travel insurance asked by a visa-exempt national', () => {
  // The insurance rule is a condition of the visa (Visa Code Art. 15): it says nothing of what a
  // visa-exempt (Annex II) traveller must hold.
  it.each(['Do I need travel insurance to visit France as a Brit?', "I don't need a visa to enter schengen, should I still get the travel insurance?"])('%s → null', async (question) => {
    const data = await ask(question);
    expect(data.answer, JSON.stringify(data)).toBeNull();
  });

  it('is null for a Brit, with no_matching_rule', async () => {
    const data = await ask('Do I need travel insurance to visit France as a Brit?');
    expect(data.answer, JSON.stringify(data)).toBeNull();
    expect(data.reason).toBe('no_matching_rule');
  });

  it('is answered for a visa applicant', async () => {
    const data = await ask('Is travel insurance required for a Schengen visa?');
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
    expect(data.topics).toContain('insurance');
  });

  // The traveller who says they need no visa is read by each language's profile `visa_free`
  // phrases, not by an English pattern: the same null in every language.
  it.each([
    ["Je n'ai pas besoin de visa, l'assurance voyage est-elle obligatoire ?", 'fr'],
    ['No necesito visa, ¿es obligatorio el seguro de viaje para España?', 'es'],
    ['Ich brauche kein Visum, brauche ich eine Reisekrankenversicherung für Deutschland?', 'de'],
    ['Мне виза не нужна, нужна ли страховка для поездки во Францию?', 'ru'],
  ])('%s → null (%s)', expectNoMatchingRuleIn);

  it('in another language, an insurance question that says nothing of a visa is answered', async () => {
    const data = await ask("L'assurance voyage est-elle obligatoire pour un séjour en France ?");
    expect(data.language).toBe('fr');
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
    expect(data.topics).toContain('insurance');
  });
});

describe('a country part or a documents list standing next to what is asked', () => {
  it('a yes/no question after a leading phrase is not answered by the authority alone', async () => {
    const data = await ask('with a multiple german visa do I have to spend the most days in germany on each trip?');
    expect(data.answer, JSON.stringify(data)).toBeNull();
  });

  // Each language's coverage says which forms ask yes or no (`forms`, `after_context`) and which
  // never do (`not_yes_no`), so the authority record is held to the same test in every language.
  it('a yes/no question to a state\'s authority is not answered by its record, in Turkish too', async () => {
    await expectNoMatchingRuleIn("Ankara'daki İspanya konsolosluğuna direkt vize başvurusu yapılabiliyor mu?", 'tr');
  });

  it('a question opening with a question word is no yes/no question, whatever its later clauses', async () => {
    const data = await ask('Quem emite o visto para Portugal, o SEF ou o consulado?');
    expect(data.language).toBe('pt');
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
  });

  it('the documents of a visa application never answer what an extension asks', async () => {
    const data = await ask('what documents do you need to extend a schengen visa in rome');
    expect(data.answer, JSON.stringify(data)).toBeNull();
  });
});

describe('a national (type D) visa: the short-stay rules do not answer for it', () => {
  // asks.json `beyond_short_stay`, with national-visa forms in every language: insurance, fees and
  // documents are the rules of a short-stay visa; a national visa is issued under national law.
  it.each([
    ['Does the travel insurance for a national D visa have to cover 30,000 euros?', 'en'],
    ['Czy do wizy krajowej ubezpieczenie musi być na minimum 30 000 euro?', 'pl'],
    ['Was kostet ein nationales Visum für Deutschland?', 'de'],
    ['¿Cuánto cuesta el visado nacional para España?', 'es'],
    // A student, work or family-reunion visa is a national visa too, named by its purpose.
    ['意大利留学签证怎么办理,要去大使馆面试吗?', 'zh'],
    ['Wie beantrage ich ein Studentenvisum für Italien, muss ich zum Interview in die Botschaft?', 'de'],
    ["Comment obtenir un visa étudiant pour l'Italie, faut-il un entretien à l'ambassade ?", 'fr'],
    ['Какие документы нужны для студенческой визы в Германию?', 'ru'],
  ])('%s → null (%s)', expectNoMatchingRuleIn);

  it('travelling on a D visa to another state is answered by the rules for its holders', () =>
    expectFactIn('Mam polską wizę krajową, czy mogę pojechać do Francji?', 'pl', 'residence_permit_holders.mobility'));

  it.each(["Come si richiede un visto d'ingresso per l'Italia?", "ma femme a un visa d'un autre pays Schengen, elle peut venir en France avec ?"])(
    'an elided "d\'" after "visa" is no type D: %s is answered',
    async (question) => {
      const data = await ask(question);
      expect(data.answer, JSON.stringify(data)).not.toBeNull();
    },
  );
});

describe('a national document or office named in its own language, in a question in another language', () => {
  // asks `national_procedure`: whether a Fiktionsbescheinigung or an Italian ricevuta lets its holder
  // travel is national practice; the rules for permit holders speak of a valid permit.
  it.each([
    ['Darf ich mit einer Fiktionsbescheinigung in andere Schengen-Länder reisen?', 'de'],
    ["J'habite en Italie et je n'ai que la ricevuta, est-ce que je peux aller en France ?", 'fr'],
  ])('%s → null (%s)', expectNoMatchingRuleIn);

  it('a valid permit is answered by the rules for its holders', () =>
    expectFactIn('Darf ich mit meinem deutschen Aufenthaltstitel für eine Woche nach Italien reisen?', 'de', 'residence_permit_holders.mobility'));
});

describe('a bilateral visa waiver agreement of one state', () => {
  // asks.json `bilateral`: the rules hold no state's bilateral agreement (extra days for some
  // nationals), so the EU visa list, which says nothing of it, does not stand in.
  it('"visa waiver agreement" asks about one → null', () =>
    expectNoMatchingRuleIn('Is the US-Poland visa waiver agreement still giving Americans 90 days in Poland separate from Schengen?', 'en'));
});

describe('the visa of a state outside the area, named after "visa for"', () => {
  // A neighbouring fact would be the Schengen visa fee given as the price of a Russian visa.
  it.each([
    ['What does a tourist visa for Russia cost nowadays?', 'en'],
    ['Do I need a tourist visa for China?', 'en'],
    ['Was kostet ein Touristenvisum für Russland?', 'de'],
    ['Wat kost een toeristenvisum voor Rusland?', 'nl'],
    ['Quanto costa il visto turistico per la Cina?', 'it'],
    ['Combien coûte un visa de tourisme pour l’Inde ?', 'fr'],
    ['¿Cuánto cuesta la visa de turista para China?', 'es'],
  ])('%s → null, not_schengen_state (%s)', async (question, language) => {
    const data = await ask(question);
    expect(data.language).toBe(language);
    expect(data.answer, JSON.stringify(data)).toBeNull();
    expect(data.reason).toBe('not_schengen_state');
  });

  it('a Schengen visa for an origin is still the Schengen visa: its fee is answered', async () => {
    const data = await ask('how much is a schengen visa for india?');
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
    expect(data.topics).toContain('fees');
  });
});

describe('a way to stay longer than the short stay', () => {
  // Staying longer than 90 days takes a national long-stay visa or a residence permit, under
  // national law: out of scope. The 90/180 rule is no answer to "how can I stay longer?".
  it.each([
    'How can I stay more than 90 days in Europe?',
    'what visa do i need to spend 6 months a year in my house in mallorca now? we are british',
    'I live in the UK, what are my options if I want to stay in Spain for longer than 90 days at a time?',
    'is there some special visa that lets a tourist stay longer or do we just cut it to 90?',
  ])('%s → null, out_of_scope', async (question) => {
    const data = await ask(question);
    expect(data.intent).toBe('out_of_scope');
    expect(data.answer, JSON.stringify(data)).toBeNull();
  });

  it.each([
    ['how long can i stay with a schengen visa', 'short_stay'],
    ['how do we stay longer than 90 days without a special visa?', 'short_stay'],
    ['how do I extend my stay beyond 90 days', 'visa_extension'],
  ])('%s is still answered (%s)', async (question, topic) => {
    const data = await ask(question);
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
    expect(data.topics).toContain(topic);
  });
});

describe('whether a permit held is enough instead of a Schengen visa', () => {
  // The rules for permit holders answer it: a permit of the UK, the US or Ireland does not
  // replace a Schengen visa; one of a Schengen state lets its holder travel 90/180.
  it.each([
    'im a nigerian student in hertfordshire, do i need a schengen visa to go amsterdam for reading week or is my UK student visa enough',
    "I'm an Indian citizen with indefinite leave to remain in the UK. Going to Portugal for 10 days - does my UK residence mean I don't need a schengen visa?",
    'can i travel to romania with my italian soggiorno or do i still need a separate visa',
  ])('%s → the permit holders\' rules', async (question) => {
    const data = await ask(question);
    expect(data.intent).toBe('residence_permit_holders');
    expect(data.topics).toContain('residence_permit_holders');
    expect(data.answer, JSON.stringify(data)).not.toBeNull();
  });
});

describe('the 90/180 count asked by the holder of a Schengen state\'s permit', () => {
  // Holders of a permit or a long-stay visa of a Schengen state travel to the others 90/180, and
  // their stays under the permit are not counted: the permit holders' rules answer it. A state
  // named before the permit is the one that issued it, not a second destination.
  it.each([
    'got a dutch residence permit, does the 90 day rule apply to me when I go to Spain?',
    'I have a belgian work permit, does the 90/180 rule apply to me when I visit Portugal?',
  ])('%s → the permit holders\' rules', async (question) => {
    const data = await ask(question);
    expect(data.intent).toBe('residence_permit_holders');
    expect(data.answer?.facts.map((fact) => fact.id).filter((id) => id.startsWith('residence_permit_holders.')), JSON.stringify(data)).not.toHaveLength(0);
  });

  it.each([
    ['We are Americans with a holiday flat in Spain, how long can we stay without a residence permit?', 'stay_duration'],
  ])('%s → %s (no permit held)', async (question, intent) => {
    expect((await ask(question)).intent).toBe(intent);
  });
});

describe('Spanish: a rule checked ("¿es verdad que…?") and a visa of a state outside the area named with its kind', () => {
  // "Is it true that…" asks whether a rule holds: the rule answers it; it is no opinion.
  it('"¿Es verdad que…?" is answered by the rule it checks', () => expectFactIn('¿Es verdad que los bolivianos ya no necesitan visa para viajar a Europa?', 'es', 'visa_requirement.bo'));

  // "visa de turista mexicana" is Mexico's visa, not a Mexican traveller's Schengen visa.
  it('"visa de turista mexicana" is the visa of Mexico: null, not_schengen_state', async () => {
    const data = await ask('¿Cuánto cuesta la visa de turista mexicana?');
    expect(data.language).toBe('es');
    expect(data.answer, JSON.stringify(data)).toBeNull();
    expect(data.reason).toBe('not_schengen_state');
  });
});

describe('Portuguese: what to do after a refusal, what one has to do for ETIAS, and a national visa refused', () => {
  it('"meu visto foi negado, o que fazer?" is answered by the appeal rules', () => expectFactIn('meu visto foi negado, o que fazer?', 'pt', 'refusal_appeal.right_of_appeal'));

  // "ter que fazer o ETIAS" (have to get ETIAS) asks whether it is needed, not what to do next.
  it('"já vou ter que fazer o ETIAS?" is answered by the ETIAS rules', () => expectFactIn('vou pra Europa ano que vem, já vou ter que fazer o ETIAS?', 'pt', 'etias.applies_to'));

  // A D7 or D2 visa is Portugal's national long-stay visa: the Schengen appeal rules do not answer its refusal.
  it.each([
    ['meu pedido de visto D7 foi recusado, e agora?', 'pt'],
    ['my D2 visa application was refused, what now?', 'en'],
  ])('%s → null, no_matching_rule', (question, language) => expectNoMatchingRuleIn(question, language));
});

describe('other languages, from round-19 questions: a stopover or a stay outside the area, and named topics', () => {
  // A country known only as a nationality after a stopover or stay cue is where the trip goes:
  // outside the area, so null rather than the Schengen transit or extension rules.
  it.each([
    ['Vou fazer escala no Chile na volta, preciso de visto de trânsito?', 'pt'],
    ['Per lo scalo in Messico serve il visto di transito?', 'it'],
    ['Llevo 80 días de turista en Perú, ¿cómo alargo la estancia?', 'es'],
  ])('%s → null, not_schengen_state', async (question, language) => {
    const data = await ask(question);
    expect(data.language).toBe(language);
    expect(data.answer, JSON.stringify(data)).toBeNull();
    expect(data.reason).toBe('not_schengen_state');
  });

  it.each([
    ['виза во Францию для ребенка 8 лет платная?', 'ru', 'fees.child_6_to_11'],
    ['申根签证一般等多久才出结果', 'zh', 'processing_time.standard_days'],
    ['Crianças menores de 18 anos pagam o ETIAS?', 'pt', 'etias.fee_exempt'],
  ])('%s → answered (%s) with %s', (question, language, factId) => expectFactIn(question, language, factId));

  it('Polish: signing up for a slot at a consulate is an appointment question (not active: 501 capability)', async () => {
    const data = await ask('Jak zapisać się na termin w konsulacie w Wilnie?');
    expect(data.intent).toBe('appointments');
    expect(data.reason).toBe('capability_not_available');
  });
});

describe('the deadline to appeal a refusal', () => {
  // National law sets it; the rules hold Hungary's (8 days) only: the examples of two states are
  // no answer to the deadline of another, or of a state not named.
  it.each(['how many days do I get to appeal after a schengen refusal?', 'what is the time limit to appeal a refused Spanish visa?'])(
    '%s → null, no_matching_rule',
    (question) => expectNoMatchingRuleIn(question, 'en'),
  );

  it('asked of Hungary, the Hungarian example answers it', () => expectFactIn('how many days do I have to appeal a Hungarian visa refusal?', 'en', 'refusal_appeal.national_examples'));
});

describe('English, from round-19 questions: forum forms of questions the rules answer', () => {
  it.each([
    ['hi all, hope someone can help, im confused how the 90/180 thing works after a few weeks out of the EU?', 'short_stay.counting'],
    ['been in France 40 days and Italy 20 this spring, how many days have I got left for the summer?', 'short_stay.max_days'],
    ['if your from nigeria do you need a visa for a holiday in france?', 'visa_requirement.ng'],
    ['our flight home got cancelled because of a strike and my visa ends on friday, can I have it extended?', 'visa_extension.mandatory'],
    ['my dad is in hospital here and his visa expires next week, can it be extended?', 'visa_extension.mandatory'],
  ])('%s → %s', (question, factId) => expectFactIn(question, 'en', factId));

  it('"how many days do I have to…" a deadline is not the days left of a stay', async () => {
    expect((await ask('how many days do I have to pay the fee after booking?')).intent).not.toBe('stay_duration');
  });
});

describe('what happens after more than 90 days, in Italian, Portuguese, German, Polish and Russian', () => {
  // The consequence of an overstay (EES record, later refusals, entry bans), as French and Spanish already read it.
  it.each([
    ['Cosa succede se resto in Francia più di 90 giorni?', 'it'],
    ['O que acontece se eu ficar mais de 90 dias na Espanha?', 'pt'],
    ['Was passiert, wenn man länger als 90 Tage in Österreich bleibt?', 'de'],
    ['Co się stanie, jeśli zostanę w Czechach dłużej niż 90 dni?', 'pl'],
    ['Что будет, если остаться в Испании больше 90 дней?', 'ru'],
  ])('%s → overstay', (question, language) => expectFactIn(question, language, 'overstay.entry_ban'));
});

describe('Italian and Portuguese: the state named after a permit is the one that issued it', () => {
  // "permesso di soggiorno inglese", "autorização de residência americana": a UK or US permit (it
  // does not replace a Schengen visa), not a British or American traveller, and not a Schengen
  // state's permit (which would allow 90 days in 180).
  it.each([
    ['Ho il permesso di soggiorno inglese, posso andare in Germania senza visto?', 'it'],
    ['Tenho autorização de residência americana, preciso de visto para ir a Roma?', 'pt'],
  ])('%s → the third-country permit rule', async (question, language) => {
    const data = await ask(question);
    expect(data.language).toBe(language);
    expect(data.nationality).toBeNull();
    const ids = data.answer?.facts.map((fact) => fact.id) ?? [];
    expect(ids, JSON.stringify(data)).toContain('residence_permit_holders.third_country_permits');
    expect(ids).not.toContain('residence_permit_holders.mobility');
  });
});

describe('Dutch demonyms of the nationalities Dutch questions name most', () => {
  it.each([
    ['Heeft een Surinamer een visum nodig voor een familiebezoek in Utrecht?', 'visa_requirement.sr'],
    ['Mijn Somalische neef wil ons in Rotterdam bezoeken, heeft hij een visum nodig?', 'visa_requirement.so'],
  ])('%s → %s', (question, factId) => expectFactIn(question, 'nl', factId));
});

describe('German, Russian and Arabic demonyms added for nationalities their questions name', () => {
  it.each([
    ['Braucht mein somalischer Cousin ein Visum für einen Besuch in Hamburg?', 'de', 'visa_requirement.so'],
    ['Нужна ли гражданину Кыргызстана виза в Италию?', 'ru', 'visa_requirement.kg'],
    ['هل يحتاج المواطن اليمني فيزا لزيارة ألمانيا؟', 'ar', 'visa_requirement.ye'],
  ])('%s → %s', (question, language, factId) => expectFactIn(question, language, factId));
});
