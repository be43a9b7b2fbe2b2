import { mkdirSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/http/site/html.js';
import { OPERATIONS } from '../../src/http/operations/index.js';
import { DECISIONS_PAGE_PATH } from '../../src/openapi/contract-decisions.js';
import { GETTING_STARTED } from '../../src/openapi/getting-started.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { chromiumMissing, launchChromium, serve } from './browser.js';

describe('GET /docs', () => {
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

  it('serves the reference page and every asset it loads from this server, under a CSP of our own sources', async () => {
    const page = await request(t.app).get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("connect-src 'self'");
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset, 'no external asset').toMatch(/^\//);
      const res = await request(t.app).get(asset);
      expect(res.status, asset).toBe(200);
    }
    expect((await request(t.app).get('/docs/init.js')).text).toContain("url: '/openapi.json'");
  });

  it('opens with the getting-started block: get a key, a first call, read the answer, each with its commands', async () => {
    const page = await request(t.app).get('/docs');
    const body = page.text.slice(page.text.indexOf('<body>') + '<body>'.length).trimStart();
    expect(body.startsWith('<section class="guide" id="getting-started"')).toBe(true);
    expect(GETTING_STARTED.map((step) => step.title)).toEqual(['Get a key', 'Make a first call', 'Read the answer']);
    for (const step of GETTING_STARTED) for (const command of step.commands) expect(page.text).toContain(escapeHtml(command));
    expect(page.text).toContain(`href="${DECISIONS_PAGE_PATH}"`);
  });

  it.skipIf(chromiumMissing !== null)(
    `shows the getting-started block first, above the operations, in a Chromium screenshot (reports/docs-page.png)${chromiumMissing ? ` (skipped: ${chromiumMissing})` : ''}`,
    async () => {
      const browser = await launchChromium();
      try {
        await browser.context.route('**/*', (route) => (route.request().url().startsWith(server.url) ? route.continue() : route.abort()));
        const page = await browser.context.newPage();
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(`${server.url}/docs`);
        await page.locator('.opblock').first().waitFor({ timeout: 15_000 });
        mkdirSync('reports', { recursive: true });
        await page.screenshot({ path: 'reports/docs-page.png' });
        // What sits at the top of the first screen is the guide, and the operations come after it.
        const topmost = await page.evaluate("document.elementFromPoint(200, 40)?.closest('section')?.id ?? null");
        expect(topmost).toBe('getting-started');
        const guide = await page.locator('#getting-started').boundingBox();
        const firstOperation = await page.locator('.opblock').first().boundingBox();
        const info = await page.locator('.swagger-ui .info').boundingBox();
        expect(guide?.y).toBeLessThan(30);
        expect((guide?.y ?? 0) + (guide?.height ?? 0)).toBeLessThanOrEqual(info?.y ?? 0);
        expect((guide?.y ?? 0) + (guide?.height ?? 0)).toBeLessThan(firstOperation?.y ?? 0);
        // The three steps are visible on the first screen, side by side at this width.
        const steps = await page.locator('#getting-started li').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().bottom));
        expect(steps).toHaveLength(3);
        for (const bottom of steps) expect(bottom).toBeLessThan(900);
        await expect(page.locator('#getting-started h1').innerText()).resolves.toBe('Getting started');
      } finally {
        await browser.close();
      }
    },
  );

  it.skipIf(chromiumMissing !== null)(
    `renders every operation from /openapi.json in Chromium with no request leaving the server${chromiumMissing ? ` (skipped: ${chromiumMissing})` : ''}`,
    async () => {
      const browser = await launchChromium();
      try {
        const foreign: string[] = [];
        // Anything not served by us is refused, as if there were no internet.
        await browser.context.route('**/*', (route) => {
          if (route.request().url().startsWith(server.url)) return route.continue();
          foreign.push(route.request().url());
          return route.abort();
        });
        const page = await browser.context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        await page.goto(`${server.url}/docs`);
        await page.locator('.opblock').first().waitFor({ timeout: 15_000 });
        const operationIds = await page.locator('.opblock').evaluateAll((blocks) => blocks.map((block) => block.id));
        expect(operationIds.length, operationIds.join(', ')).toBe(OPERATIONS.length);
        await expect(page.locator('.info .title').innerText()).resolves.toContain('Schengen Information API');
        expect(foreign).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
