import { exec } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_URL } from '../../src/openapi/getting-started.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { serve } from './browser.js';
import { readme, section } from './markdown-tables.js';

const sh = promisify(exec);

/** The shell lines of the README's "Start here" code blocks after the two first ones, comments dropped. */
function gettingStartedLines(): string[] {
  const blocks = [...section(readme(), 'Start here').matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  return blocks
    .slice(2)
    .flatMap((block) => block.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '');
}

/**
 * The README's getting-started, run as written: its `npx svc` lines against the server's database,
 * then its `curl` lines against the running server (only the address is the test server's, and
 * `<account-id>` and `svc_test_…` are what the previous lines printed).
 */
describe('the README getting-started, run as written', { timeout: 120_000 }, () => {
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

  it('creates an account and a test key with the CLI, and each of the three calls answers 200 with data', async () => {
    const lines = gettingStartedLines();
    expect(lines.filter((line) => line.startsWith('npx svc '))).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith('curl '))).toHaveLength(3);
    const env = { ...process.env, DATABASE_URL: t.databaseUrl };
    let account = '';
    let key = '';
    for (const line of lines) {
      if (line.startsWith('export KEY=')) continue;
      if (line.startsWith('npx svc ')) {
        const { stdout } = await sh(line.replace('<account-id>', account), { env });
        account ||= /acct_[A-Za-z0-9]+/.exec(stdout)?.[0] ?? '';
        if (line.includes('keys create')) key = /svc_test_[A-Za-z0-9]+/.exec(stdout)?.[0] ?? '';
        continue;
      }
      expect(line, 'only npx svc, export and curl lines').toMatch(/^curl /);
      expect(key, 'the key printed by `svc keys create`').toMatch(/^svc_test_/);
      await t.access.refresh();
      const { stdout } = await sh(`${line.replaceAll(LOCAL_URL, server.url)} -s -w '\\n%{http_code}'`, { env: { ...env, KEY: key } });
      const status = stdout.slice(stdout.lastIndexOf('\n') + 1);
      const body = JSON.parse(stdout.slice(0, stdout.lastIndexOf('\n'))) as { data?: unknown; error?: unknown };
      expect(status, `${line}\n${stdout}`).toBe('200');
      expect(body.error, line).toBeUndefined();
      expect(body.data, line).toBeTruthy();
    }
  });
});
