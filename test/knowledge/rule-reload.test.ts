import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRuleReload, reloadRuleBook } from '../../src/knowledge/rule-reload.js';
import { createLogger } from '../../src/logger.js';
import { makeApiKey } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';

let t: TestApp;
let auth: string;
let rulesDir: string;
const lines: string[] = [];
const logger = createLogger('info', (line) => lines.push(line));

beforeAll(async () => {
  rulesDir = mkdtempSync(join(tmpdir(), 'rules-reload-'));
  cpSync('rules', rulesDir, { recursive: true });
  t = await createTestApp({ rulesDir });
  auth = `Bearer ${(await makeApiKey(t)).key}`;
});
afterAll(async () => {
  await t.close();
  rmSync(rulesDir, { recursive: true, force: true });
});

const frFile = () => join(rulesDir, 'financial/fr.json');
/** Writes France's rule file as shipped, with the default per-day amount changed. */
function setFrancePerDay(perDay: unknown): void {
  const json = JSON.parse(readFileSync(join('rules', 'financial/fr.json'), 'utf8'));
  json.variants[0].bands[0].calculation.per_day = perDay;
  writeFileSync(frFile(), JSON.stringify(json, null, 2));
}
async function franceTotal(): Promise<number> {
  const res = await request(t.app).get('/api/v1/financial-requirements').query({ country: 'FR', days: 10 }).set('Authorization', auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.total;
}
/** Polls until `check` holds, failing with the log after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out; log:\n${lines.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('reloading the rules of a running server', () => {
  it('an invalid edit is rejected with the report and the server keeps serving the last good rules', async () => {
    expect(await franceTotal()).toBe(1200);
    const before = t.deps.rules.current();
    setFrancePerDay(-120);
    const result = reloadRuleBook(t.deps.rules, rulesDir, logger);
    expect(result.reloaded).toBe(false);
    expect(result.problems).toEqual([
      expect.objectContaining({ file: 'financial/fr.json', path: '$.variants[0].bands[0].calculation.per_day', message: expect.stringContaining('got -120') }),
    ]);
    expect(t.deps.rules.current()).toBe(before);
    expect(await franceTotal()).toBe(1200);
    const logged = JSON.parse(lines.at(-1) ?? '{}');
    expect(logged).toMatchObject({ level: 'error', msg: 'rules reload rejected; the last good rules stay in use' });
    expect(logged.problems[0].fix).toMatch(/greater than 0/);
  });

  it('a valid edit replaces the rules for the next requests', async () => {
    setFrancePerDay(130);
    expect(reloadRuleBook(t.deps.rules, rulesDir, logger).reloaded).toBe(true);
    expect(await franceTotal()).toBe(1300);
  });

  it('reloads on SIGHUP and, when watching, on a file change; an invalid change is still rejected', async () => {
    const dispose = installRuleReload(t.deps.rules, rulesDir, logger, { watch: true, debounceMs: 50 });
    try {
      setFrancePerDay(140);
      await until(async () => (await franceTotal()) === 1400);
      expect(lines.some((line) => line.includes('rules reloaded'))).toBe(true);

      lines.length = 0;
      writeFileSync(frFile(), '{ "broken": ');
      await until(() => lines.some((line) => line.includes('rejected')));
      expect(await franceTotal()).toBe(1400);

      setFrancePerDay(120);
      lines.length = 0;
      process.emit('SIGHUP');
      expect(lines.some((line) => line.includes('rules reloaded'))).toBe(true);
      expect(await franceTotal()).toBe(1200);
    } finally {
      dispose();
    }
  });
});
