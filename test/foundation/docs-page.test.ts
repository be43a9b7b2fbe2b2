import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/http/operations/index.js';
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
