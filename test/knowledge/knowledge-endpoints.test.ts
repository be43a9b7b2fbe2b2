import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source } from '../../src/http/envelope.js';
import { GENERAL_TOPICS, TOPICS } from '../../src/knowledge/topics.js';
import { makeApiKey } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { expectMatchesOpenApi } from '../support/openapi.js';

let t: TestApp;
let auth: string;
let STATES: string[];

beforeAll(async () => {
  t = await createTestApp();
  auth = `Bearer ${(await makeApiKey(t)).key}`;
  STATES = t.deps.rules.current().knowledge.memberCodes();
});
afterAll(async () => {
  await t.close();
});

async function get(path: string, query: Record<string, string | number> = {}) {
  const res = await request(t.app).get(`/api/v1${path}`).query(query).set('Authorization', auth);
  expectMatchesOpenApi(res, 'get', `/api/v1${path}`);
  return res;
}

/** Every source id and verification date (null when unknown) the data cites, wherever it sits. */
function citedIn(data: unknown): { ids: Set<string>; dates: (string | null)[] } {
  const ids = new Set<string>();
  const dates: (string | null)[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'sources' && Array.isArray(child) && child.every((id) => typeof id === 'string')) child.forEach((id: string) => ids.add(id));
      else if (key === 'last_verified_at' && (typeof child === 'string' || child === null)) dates.push(child);
      else walk(child);
    }
  };
  walk(data);
  return { ids, dates };
}

/**
 * meta.sources is exactly the sources the data cites; meta.last_verified_at the oldest date among
 * them, or null as soon as one part's date is unknown (a response is only as fresh as its stalest part).
 */
function expectGrounded(body: { data: unknown; meta: { sources: Source[]; last_verified_at: string | null } }): void {
  const { ids, dates } = citedIn(body.data);
  const expected = t.deps.rules.current().knowledge.resolveSources(ids);
  expect(body.meta.sources, JSON.stringify(body)).toEqual(expected);
  expect(body.meta.sources.length, JSON.stringify(body)).toBeGreaterThanOrEqual(1);
  const oldest = dates.length === 0 || dates.includes(null) ? null : [...dates].sort()[0];
  expect(body.meta.last_verified_at, JSON.stringify(body.meta)).toBe(oldest);
}

describe('GET /countries', () => {
  it('lists the 29 states with EU or associated status and a verification date each', async () => {
    const res = await get('/countries');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.count).toBe(29);
    expect(res.body.data.countries.map((c: { iso2: string }) => c.iso2).sort()).toEqual([...STATES].sort());
    const associated = res.body.data.countries.filter((c: { membership: string }) => c.membership === 'associated').map((c: { iso2: string }) => c.iso2).sort();
    expect(associated).toEqual(['CH', 'IS', 'LI', 'NO']);
    expect(res.body.data.countries.find((c: { iso2: string }) => c.iso2 === 'RO').member_since).toBe('2025-01-01');
    expect(res.body.meta.sources.map((s: Source) => s.url)).toContain('https://home-affairs.ec.europa.eu/policies/schengen-borders-and-visa/schengen-area_en');
    expect(res.body.meta.units).toBe(1);
  });
});

describe.each([
  ['GET /countries/{country}', (iso: string) => ['/countries/' + iso, {}] as const],
  ['GET /requirements', (iso: string) => ['/requirements', { country: iso }] as const],
  ['GET /requirements (tourism)', (iso: string) => ['/requirements', { country: iso, travel_purpose: 'tourism' }] as const],
  ['GET /financial-requirements', (iso: string) => ['/financial-requirements', { country: iso }] as const],
  ['GET /financial-requirements (days=10)', (iso: string) => ['/financial-requirements', { country: iso, days: 10 }] as const],
  ['GET /sources (country)', (iso: string) => ['/sources', { country: iso }] as const],
])('%s answers for every Schengen state', (_name, requestFor) => {
  it('returns 200, matches /openapi.json and cites exactly its sources', async () => {
    for (const iso of STATES) {
      const [path, query] = requestFor(iso);
      const res = await get(path, query);
      expect(res.status, `${iso}: ${JSON.stringify(res.body)}`).toBe(200);
      if (path === '/sources') {
        expect(res.body.data.count, iso).toBeGreaterThan(0);
        expect(res.body.meta.sources).toHaveLength(res.body.data.count);
      } else {
        expectGrounded(res.body);
      }
    }
  });
});

describe('GET /countries/{country}', () => {
  it('answers case-insensitively and accepts EL for Greece', async () => {
    for (const code of ['fr', 'Fr', 'FR']) expect((await get(`/countries/${code}`)).body.data.iso2).toBe('FR');
    const greece = await get('/countries/el');
    expect(greece.status, JSON.stringify(greece.body)).toBe(200);
    expect(greece.body.data.iso2).toBe('GR');
  });

  it('gives the verified visa pages, and an unverified address only as null with the reason', async () => {
    const france = (await get('/countries/FR')).body.data;
    expect(france.visa_pages[0]).toMatchObject({ value: { url: 'https://france-visas.gouv.fr' }, confidence: 'confirmed' });
    const austria = (await get('/countries/AT')).body.data;
    expect(austria.visa_pages[0]).toMatchObject({ value: null, confidence: null });
    expect(austria.visa_pages[0].reason).toMatch(/UNCONFIRMED.*bmeia\.gv\.at/);
    expect(austria.authority.value).toBeNull();
  });

  it('references the common Visa Code rules (fees, timing, processing, where to apply) by topic', async () => {
    const data = (await get('/countries/DE')).body.data;
    expect(data.common_rules.fees.map((f: { id: string }) => f.id)).toContain('fees.adult');
    expect(data.common_rules.processing_time.find((f: { id: string }) => f.id === 'processing_time.standard_days').value).toBe(15);
    expect(Object.keys(data.common_rules).sort()).toEqual(['application_timing', 'fees', 'processing_time', 'where_to_apply']);
    expect(data.national_documents.map((d: { id: string }) => d.id)).toContain('documents.de.verpflichtungserklaerung');
  });
});

describe('GET /requirements', () => {
  it('groups all three purposes without travel_purpose, and one with it', async () => {
    const all = (await get('/requirements', { country: 'FR' })).body.data;
    expect(all.groups.map((g: { travel_purpose: string }) => g.travel_purpose)).toEqual(['tourism', 'business', 'family']);
    const family = (await get('/requirements', { country: 'FR', travel_purpose: 'family' })).body.data;
    expect(family.groups).toHaveLength(1);
    expect(family.groups[0].state_specific.map((i: { id: string }) => i.id)).toEqual(['documents.fr.attestation_d_accueil']);
    expect(family.groups[0].common.every((i: { mandatory: boolean }) => i.mandatory)).toBe(true);
  });

  it.each([
    ['FR', 'documents.fr.attestation_d_accueil'],
    ['DE', 'documents.de.verpflichtungserklaerung'],
    ['NL', 'documents.nl.garantstelling'],
    ['BE', 'documents.be.annex_3bis'],
    ['PT', 'documents.pt.termo_de_responsabilidade'],
    ['CH', 'documents.ch.declaration_of_liability'],
    ['LI', 'documents.li.declaration_of_liability'],
  ])('%s lists its national sponsorship form %s for tourism', async (country, id) => {
    const data = (await get('/requirements', { country, travel_purpose: 'tourism' })).body.data;
    expect(data.groups[0].state_specific.map((i: { id: string }) => i.id), JSON.stringify(data)).toContain(id);
  });

  it('business has no tourism-only national form', async () => {
    const data = (await get('/requirements', { country: 'FR', travel_purpose: 'business' })).body.data;
    expect(data.groups[0].state_specific).toEqual([]);
    expect(data.groups[0].purpose_specific.map((i: { id: string }) => i.id)).toContain('documents.business.invitation');
  });
});

describe('GET /financial-requirements', () => {
  it('shows the working for a stay', async () => {
    const res = await get('/financial-requirements', { country: 'it', days: 7 });
    expect(res.body.data).toMatchObject({ country: 'IT', days: 7, currency: 'EUR', total: 314.51 });
    expect(res.body.data.variants[0].bands[0]).toMatchObject({ rule: 'it.one_person_6_10_days', per_day: 44.93, working: '7 day(s) × EUR 44.93 = EUR 314.51' });
  });

  // Issue 10's done-when figures, over HTTP.
  it.each([
    ['ES', 1221],
    ['EE', 700],
  ] as const)('%s for 10 days: total %s EUR', async (country, total) => {
    const res = await get('/financial-requirements', { country, days: 10 });
    expect(res.body.data).toMatchObject({ country, days: 10, currency: 'EUR', total, total_reason: null });
  });

  it('Greece: still a null total, with the conflict in total_reason', async () => {
    const res = await get('/financial-requirements', { country: 'GR', days: 10 });
    expect(res.body.data.total).toBeNull();
    expect(res.body.data.amount_status).toBe('conflict');
    expect(res.body.data.total_reason).toMatch(/€50.*€300.*€63.*€378/s);
  });

  it('Austria: 200 with a null total and the reason', async () => {
    const res = await get('/financial-requirements', { country: 'AT', days: 10 });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeNull();
    expect(res.body.data.total_reason).toMatch(/no reference amount/i);
  });
});

describe('GET /sources', () => {
  it('filters by topic and country, and lists all without filters', async () => {
    const all = (await get('/sources')).body.data;
    const fees = (await get('/sources', { topic: 'fees' })).body.data;
    expect(fees.count).toBeLessThan(all.count);
    expect(fees.sources.every((s: { topics: string[] }) => s.topics.includes('fees'))).toBe(true);
    const cz = (await get('/sources', { country: 'cz', topic: 'financial_means' })).body.data;
    expect(cz.sources.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(['cz-mzv-financial-means', 'ec-reference-amounts']));
    expect(cz.sources.every((s: { countries: string[] }) => s.countries.includes('CZ') || s.countries.includes('*'))).toBe(true);
  });

  it.each(TOPICS)('topic %s is accepted', async (topic) => {
    expect((await get('/sources', { topic })).status).toBe(200);
  });

  it.each(GENERAL_TOPICS)('general topic %s lists the sources its facts rest on', async (topic) => {
    const listed = new Set((await get('/sources', { topic })).body.data.sources.map((s: { id: string }) => s.id));
    const cited = t.deps.rules.current().knowledge.generalFacts(topic).flatMap((fact) => fact.sources);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter((id) => !listed.has(id))).toEqual([]);
  });
});

describe('input errors', () => {
  it.each([
    ['/countries/XX', {}, 404, 'not_found', 'country'],
    ['/countries/ZZ', {}, 404, 'not_found', 'country'],
    ['/countries/CY', {}, 422, 'unprocessable_entity', 'country'],
    ['/countries/ie', {}, 422, 'unprocessable_entity', 'country'],
    ['/countries/GB', {}, 422, 'unprocessable_entity', 'country'],
    ['/countries/FRA', {}, 400, 'invalid_request', 'country'],
    ['/requirements', { country: 'CY' }, 422, 'unprocessable_entity', 'country'],
    ['/requirements', { country: 'QQ' }, 404, 'not_found', 'country'],
    ['/requirements', {}, 400, 'invalid_request', 'country'],
    ['/requirements', { country: 'FR', travel_purpose: 'study' }, 400, 'invalid_request', 'travel_purpose'],
    ['/financial-requirements', { country: 'IE', days: 10 }, 422, 'unprocessable_entity', 'country'],
    ['/financial-requirements', { country: 'XK' }, 404, 'not_found', 'country'],
    ['/financial-requirements', { country: 'FR', days: 0 }, 400, 'invalid_request', 'days'],
    ['/financial-requirements', { country: 'FR', days: 91 }, 400, 'invalid_request', 'days'],
    ['/financial-requirements', { country: 'FR', days: 2.5 }, 400, 'invalid_request', 'days'],
    ['/financial-requirements', { country: 'FR', days: 'ten' }, 400, 'invalid_request', 'days'],
    ['/financial-requirements', { country: 'FR', nights: 3 }, 400, 'invalid_request', 'nights'],
    ['/sources', { topic: 'visa' }, 400, 'invalid_request', 'topic'],
    ['/sources', { country: 'US' }, 422, 'unprocessable_entity', 'country'],
    ['/sources', { country: 'XX' }, 404, 'not_found', 'country'],
  ] as const)('GET %s %j → %i %s naming %s', async (path, query, status, code, param) => {
    const res = await get(path, query);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.param, JSON.stringify(res.body)).toBe(param);
  });

  it('an unknown topic names the allowed values', async () => {
    const res = await get('/sources', { topic: 'visa' });
    expect(res.body.error.allowed).toEqual([...TOPICS]);
    expect(res.body.error.message).toContain('membership');
  });

  it('a non-member 422 says it is not a Schengen state, with the reason', async () => {
    const res = await get('/countries/CY');
    expect(res.body.error.message).toMatch(/Cyprus \(CY\) is not a Schengen state: .*national visas/);
  });

  it('days names the allowed range', async () => {
    const res = await get('/financial-requirements', { country: 'FR', days: 91 });
    expect(res.body.error.message).toContain('1 to 90');
  });
});
