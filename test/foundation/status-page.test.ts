import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { staleSources } from '../../src/knowledge/source-checks.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITY_IDS } from '../../src/capabilities/capability-registry.js';
import { dataFreshness, freshnessOf } from '../../src/capabilities/data-freshness.js';
import { StatusReportSchema } from '../../src/capabilities/status-report.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { chromiumMissing, launchChromium, serve } from './browser.js';
import { copyRulesWithStates } from './foundation-support.js';

describe('dataFreshness', () => {
  it.each([
    { label: 'no dates', dates: [], expected: { newest_verified_at: null, oldest_verified_at: null, dated_facts: 0, undated_facts: 0 } },
    { label: 'only unknown dates', dates: [null, undefined], expected: { newest_verified_at: null, oldest_verified_at: null, dated_facts: 0, undated_facts: 2 } },
    {
      label: 'mixed dates',
      dates: ['2026-03-01', null, '2025-11-30', '2026-09-09', 'soon'],
      expected: { newest_verified_at: '2026-09-09', oldest_verified_at: '2025-11-30', dated_facts: 3, undated_facts: 2, note: null },
    },
  ])('reports the newest and oldest verification date of $label, never a guessed one', ({ dates, expected }) => {
    expect(dataFreshness(dates)).toMatchObject(expected);
  });

  it('gives a reason when there is no date to report', () => {
    expect(dataFreshness([]).note).toMatch(/No facts/);
    expect(dataFreshness([null]).note).toMatch(/No loaded fact has a known verification date/);
  });
});

describe('GET /status and /status.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('/status.json lists the twelve capabilities with their state, and the data freshness, without a key', async () => {
    const res = await request(t.app).get('/status.json');
    expect(res.status, res.text).toBe(200);
    const report = StatusReportSchema.parse(res.body);
    expect(report.capabilities.map((capability) => capability.id).sort()).toEqual([...CAPABILITY_IDS].sort());
    for (const capability of report.capabilities) {
      expect(capability.state).toBe(t.deps.rules.current().capabilities.get(capability.id).state);
      expect(capability.operation).toMatch(/^(GET|POST) \/api\/v1\//);
    }
    expect(report.summary).toEqual({ active: 8, awaiting_integration: 4 });
    expect(report.data_freshness).toEqual(freshnessOf(t.deps.rules.current()));
    const sources = t.deps.rules.current().knowledge.sources.list;
    const checked = sources.map((source) => source.last_checked_at).filter((date): date is string => date !== null).sort();
    expect(report.source_freshness).toEqual({
      newest_checked_at: checked.at(-1) ?? null,
      oldest_checked_at: checked[0] ?? null,
      checked_sources: checked.length,
      unchecked_sources: sources.length - checked.length,
      // Issue 10: the stale count and the link to the list of sources to check next.
      stale_sources: staleSources(sources, report.generated_at.slice(0, 10), 365).stale.length,
      stale_after_days: 365,
      list: '/status/sources.json',
    });
    const list = await request(t.app).get('/status/sources.json');
    expect(list.status).toBe(200);
    expect(list.body.never_checked).toHaveLength(sources.length - checked.length);
    expect(list.body.stale).toHaveLength(report.source_freshness.stale_sources);
    // The shipped rules carry dated facts (the financial rules, the EU visa list...) and undated
    // ones (sources the research could not date): both are counted, and the range is a real one.
    const knowledge = t.deps.rules.current().knowledge;
    const dated = knowledge.verificationDates().filter((date): date is string => date !== null).sort();
    expect(dated.length).toBeGreaterThan(0);
    expect(report.data_freshness).toMatchObject({
      newest_verified_at: dated.at(-1),
      oldest_verified_at: dated[0],
      dated_facts: dated.length,
      undated_facts: knowledge.verificationDates().length - dated.length,
      note: null,
    });
    expect(knowledge.verificationDates()).toContain(knowledge.fact('fees.adult')?.last_verified_at);
  });

  it('/status is an HTML page with its own strict CSP and no external asset', async () => {
    const res = await request(t.app).get('/status');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(res.text).not.toMatch(/<script|src="http|href="http/);
    for (const id of CAPABILITY_IDS) expect(res.text).toContain(`data-capability="${id}"`);
  });

  it('escapes what it prints from the rule files', async () => {
    const rules = copyRulesWithStates('active');
    const file = join(rules.dir, 'capabilities.json');
    const registry = JSON.parse(readFileSync(file, 'utf8')) as { capabilities: { name: string }[] };
    const first = registry.capabilities[0];
    if (first) first.name = '<img src=x onerror=alert(1)> & "quoted"';
    writeFileSync(file, JSON.stringify(registry));
    const hostile = await createTestApp({ rulesDir: rules.dir });
    try {
      const res = await request(hostile.app).get('/status');
      expect(res.text).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot;');
      expect(res.text).not.toContain('<img src=x');
    } finally {
      await hostile.close();
      rules.remove();
    }
  });
});

describe('the status page in headless Chromium', () => {
  let t: TestApp;
  let server: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    t = await createTestApp();
    server = await serve(t.app);
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it.skipIf(chromiumMissing !== null)(
    `renders and lists all twelve capabilities with their state${chromiumMissing ? ` (skipped: ${chromiumMissing})` : ''}`,
    async () => {
      const browser = await launchChromium();
      try {
        const page = await browser.context.newPage();
        const problems: string[] = [];
        const foreign: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('request', (req) => {
          if (!req.url().startsWith(server.url)) foreign.push(req.url());
        });
        const response = await page.goto(`${server.url}/status`);
        expect(response?.status()).toBe(200);
        await expect(page.title()).resolves.toMatch(/Status/);
        const rows = await page.locator('#capabilities tbody tr').evaluateAll((trs) =>
          trs.map((tr) => ({ id: tr.getAttribute('data-capability'), state: tr.getAttribute('data-state'), text: (tr as unknown as { innerText: string }).innerText })),
        );
        expect(rows.map((row) => row.id).sort()).toEqual([...CAPABILITY_IDS].sort());
        for (const row of rows) {
          expect(row.text).toContain(row.state === 'active' ? 'Active' : 'Awaiting integration');
          expect(row.state).toBe(t.deps.rules.current().capabilities.get(row.id as (typeof CAPABILITY_IDS)[number]).state);
        }
        // The inline style is allowed by its hash: the page is styled, not blocked by its own CSP.
        const headerBackground = await page.locator('#capabilities th').first().evaluate(
          (th) => (globalThis as unknown as { getComputedStyle(element: unknown): { backgroundColor: string } }).getComputedStyle(th).backgroundColor,
        );
        expect(headerBackground).toBe('rgb(246, 248, 250)');
        await expect(page.locator('#freshness').innerText()).resolves.toMatch(/Newest verification/);
        await expect(page.locator('#source-freshness').innerText()).resolves.toMatch(/Most recently checked\s+\d{4}-\d{2}-\d{2}/);
        expect(problems).toEqual([]);
        expect(foreign).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
