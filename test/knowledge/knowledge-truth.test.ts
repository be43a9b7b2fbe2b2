import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors/api-error.js';
import { oldestVerificationDate } from '../../src/knowledge/fact.js';
import { loadKnowledge } from '../../src/knowledge/load-knowledge.js';
import { GENERAL_TOPICS } from '../../src/knowledge/topics.js';

const knowledge = loadKnowledge('rules');

/** Every JSON file of the knowledge part of rules/, as text. */
function ruleTexts(): { file: string; text: string }[] {
  const files = ['sources.json', 'non-members.json', 'requirements/common.json', 'requirements/national.json'];
  for (const dir of ['countries', 'financial', 'general']) for (const name of readdirSync(join('rules', dir))) files.push(`${dir}/${name}`);
  return files.map((file) => ({ file, text: readFileSync(join('rules', file), 'utf8') }));
}

/** The ministry addresses the dossier (research/schengen-facts.json, membership.states, and §1 of the .md) marks UNCONFIRMED. */
const UNCONFIRMED_ADDRESSES: [string, string][] = [
  ['AT', 'https://www.bmeia.gv.at/en/travel-stay/entry-and-residence-in-austria/'],
  ['BG', 'https://www.mfa.bg/en/'],
  ['HR', 'https://mvep.gov.hr/'],
  ['EE', 'https://vm.ee/en'],
  ['FI', 'https://um.fi/visas'],
  ['DE', 'https://www.auswaertiges-amt.de/en/visa-service'],
  ['GR', 'https://www.mfa.gr/en/visas/'],
  ['HU', 'https://konzuliszolgalat.kormany.hu/en'],
  ['IT', 'https://vistoperitalia.esteri.it'],
  ['PL', 'https://www.gov.pl/web/diplomacy/visas'],
  ['RO', 'https://evisa.mae.ro'],
  ['SK', 'https://www.mzv.sk/en/'],
  ['SI', 'https://www.gov.si/en/topics/entry-and-residence/'],
  ['IS', 'https://island.is/en'],
  ['LI', 'https://www.llv.li'],
  // From the dossier's markdown table (§1): the second addresses marked UNCONFIRMED.
  ['ES', 'https://www.exteriores.gob.es'],
  ['LT', 'https://www.urm.lt'],
  ['NL', 'https://www.netherlandsworldwide.nl/visa-the-netherlands'],
];

describe('truth first: what the dossier did not verify is never published as verified', () => {
  it.each(UNCONFIRMED_ADDRESSES)('%s: the unconfirmed address %s is in no registered source and no published visa page', (iso, url) => {
    expect(knowledge.sources.list.map((s) => s.url)).not.toContain(url);
    const pages = knowledge.countryInformation(iso).data.visa_pages;
    for (const page of pages) expect(JSON.stringify(page.value ?? null)).not.toContain(url);
    const mention = pages.find((page) => page.reason?.includes(url));
    expect(mention, JSON.stringify(pages)).toMatchObject({ value: null, confidence: null });
  });

  it('every published fact has a confidence and resolvable sources; every null fact has a reason', () => {
    const facts = [...GENERAL_TOPICS.flatMap((topic) => knowledge.generalFacts(topic))];
    for (const iso of knowledge.memberCodes()) {
      const info = knowledge.countryInformation(iso).data;
      facts.push(info.member_since, info.authority, ...info.visa_pages, ...info.state_specific);
    }
    expect(facts.length).toBeGreaterThan(100);
    for (const fact of facts) {
      if (fact.value === null) expect(fact.reason, fact.id).toBeTruthy();
      else {
        expect(fact.confidence, fact.id).not.toBeNull();
        expect(knowledge.resolveSources(fact.sources).length, fact.id).toBe(fact.sources.length);
      }
    }
  });

  it('no rule file uses the dossier marks UNCONFIRMED or CONFLICT as a confidence', () => {
    for (const { file, text } of ruleTexts()) expect(text, file).not.toMatch(/"confidence":\s*"(unconfirmed|conflict|UNCONFIRMED|CONFLICT)"/);
  });
});

describe('resolveCountry', () => {
  it.each([
    ['fr', 'FR'],
    ['De', 'DE'],
    ['EL', 'GR'],
    ['el', 'GR'],
    ['gr', 'GR'],
    ['ch', 'CH'],
  ])('%s → %s', (code, iso) => {
    expect(knowledge.resolveCountry(code)).toBe(iso);
  });

  it.each([
    ['CY', 422],
    ['IE', 422],
    ['GB', 422],
    ['US', 422],
    ['MC', 422],
    ['XX', 404],
    ['CN', 404],
  ])('%s is refused with %i', (code, status) => {
    let error: unknown;
    try {
      knowledge.resolveCountry(code);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).details.param).toBe('country');
  });
});

describe('grounding', () => {
  it('the oldest date wins, and one undated part makes the date unknown (null), never a fresher claim', () => {
    expect(oldestVerificationDate(['2026-08-18', '2024-05-22', '2025-01-01'])).toBe('2024-05-22');
    expect(oldestVerificationDate(['2026-08-18', null, '2024-05-22'])).toBeNull();
    expect(oldestVerificationDate(['2026-08-18', undefined])).toBeNull();
    expect(oldestVerificationDate([])).toBeNull();
  });

  it('ground() returns exactly the cited sources, in registry order, once each', () => {
    const fees = knowledge.generalFacts('fees').filter((f) => f.value !== null);
    const grounded = knowledge.ground(null, [...fees, ...fees]);
    const ids = new Set(fees.flatMap((f) => f.sources));
    expect(grounded.sources).toEqual(knowledge.sources.list.filter((s) => ids.has(s.id)).map(({ organization, url, official, last_checked_at }) => ({ organization, url, official, last_checked_at })));
    expect(grounded.lastVerifiedAt).toBe(oldestVerificationDate(fees.map((f) => f.last_verified_at)));
  });

  it('every general topic has a rules file with at least one fact, and fact ids are prefixed by their topic', () => {
    for (const topic of GENERAL_TOPICS) {
      const facts = knowledge.generalFacts(topic);
      expect(facts.length, topic).toBeGreaterThan(0);
      for (const fact of facts) expect(fact.id.startsWith(`${topic}.`), fact.id).toBe(true);
    }
  });

  it('warming the financial totals serves every (state, days) from memory afterwards', async () => {
    const fresh = loadKnowledge('rules');
    await fresh.warmFinancialTotals();
    const first = fresh.financialRequirement('IT', 33);
    expect(fresh.financialRequirement('IT', 33)).toBe(first);
    expect((await first).data.total).toBeCloseTo(206.58 + 33 * 27.89, 2);
  });
});
