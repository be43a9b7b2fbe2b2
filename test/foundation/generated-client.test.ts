import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/http/operations/index.js';
import { makeApiKey } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { serve } from './browser.js';

const run = promisify(execFile);

/**
 * The integrator's path, for real: a running server, its /openapi.json turned into TypeScript
 * types by openapi-typescript, a small openapi-fetch program (generated-client/client-program.ts)
 * compiled against them with `tsc --strict`, then run against the server, calling every operation.
 * The program reads a fee's amount and currency and a financial total with no cast, which only
 * compiles because facts are a discriminated union on `kind` in the document.
 */
describe('a client generated from /openapi.json', { timeout: 180_000 }, () => {
  let t: TestApp;
  let server: { url: string; close: () => Promise<void> };
  let dir: string;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    key = (await makeApiKey(t)).key;
    server = await serve(t.app);
    // Under node_modules so that the program resolves openapi-fetch and @types/node from the project.
    mkdirSync(join('node_modules', '.cache'), { recursive: true });
    dir = mkdtempSync(join('node_modules', '.cache', 'generated-client-'));
  });
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await server?.close();
    await t?.close();
  });

  it('compiles under --strict and calls every operation, reading typed values with no cast', async () => {
    const served = await fetch(`${server.url}/openapi.json`);
    expect(served.status).toBe(200);
    const types = astToString(await openapiTS((await served.json()) as Parameters<typeof openapiTS>[0]));
    writeFileSync(join(dir, 'api-types.ts'), types);
    copyFileSync(join('test', 'foundation', 'generated-client', 'client-program.ts'), join(dir, 'client-program.ts'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2023', lib: ['ES2023', 'DOM'], module: 'NodeNext', moduleResolution: 'NodeNext', noUncheckedIndexedAccess: true, skipLibCheck: true, types: ['node'], outDir: 'out' },
        files: ['client-program.ts'],
      }),
    );

    const compiled = await run('node_modules/.bin/tsc', ['--strict', '-p', join(dir, 'tsconfig.json')]).catch((error: { stdout?: string }) => ({ stdout: `tsc failed:\n${error.stdout ?? ''}` }));
    expect(compiled.stdout).toBe('');

    const { stdout } = await run('node', [join(dir, 'out', 'client-program.js')], { env: { ...process.env, BASE_URL: server.url, KEY: key } });
    const calls = JSON.parse(stdout) as Record<string, { status: number; code?: string | null } & Record<string, unknown>>;

    expect(Object.keys(calls).sort()).toEqual(OPERATIONS.map((operation) => operation.id).sort());
    const registry = t.deps.rules.current().capabilities;
    for (const operation of OPERATIONS) {
      const call = calls[operation.id];
      if (registry.isActive(operation.capability)) expect(call?.status, `${operation.id}: ${JSON.stringify(call)}`).toBe(200);
      else expect(call, operation.id).toMatchObject({ status: 501, code: 'capability_not_available' });
    }
    expect(calls.routeQuestion).toMatchObject({ template: '/countries/{country}', followed: 'Austria' });
    expect(calls.classifyQuestion).toMatchObject({ intent: 'visa_fees', topic: 'fees' });
    expect(calls.listCountries).toMatchObject({ count: 29 });
    expect(calls.getCountry).toMatchObject({ fee: { amount: 90, currency: 'EUR' } });
    expect(calls.getFinancialRequirements).toMatchObject({ currency: 'EUR', total: expect.any(Number) });
    expect(calls.answerQuestion).toMatchObject({ fee: { amount: 90, currency: 'EUR' }, kinds: expect.arrayContaining(['money']) });
  });
});
