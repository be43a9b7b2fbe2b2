import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.js';

const run = promisify(execFile);

/**
 * The two linters an integrator runs on /openapi.json, pinned as dev dependencies and configured
 * in the repository (redocly.yaml, .spectral.yaml), run on the document the app serves. Both
 * work offline: Redocly's telemetry and update check are switched off (REDOCLY_TELEMETRY=off,
 * REDOCLY_SUPPRESS_UPDATE_NOTICE=true, and `telemetry: off` in redocly.yaml); Spectral's
 * `spectral:oas` ruleset ships inside the package.
 */
const OFFLINE_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

describe('/openapi.json passes the linters with no error and no warning', () => {
  let t: TestApp;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(join(tmpdir(), 'contract-lint-'));
    file = join(dir, 'openapi.json');
    const res = await request(t.app).get('/openapi.json');
    expect(res.status).toBe(200);
    writeFileSync(file, JSON.stringify(res.body, null, 2));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('redocly lint (recommended-strict: warnings are errors) reports no problem', async () => {
    const { stdout } = await run('node_modules/.bin/redocly', ['lint', '--config', 'redocly.yaml', '--format', 'json', file], { env: OFFLINE_ENV }).catch(
      (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
    );
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
    expect(report.problems, JSON.stringify(report.problems, null, 2)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('spectral lint with spectral:oas reports nothing, not even a hint', async () => {
    const output = join(dir, 'spectral.json');
    await run('node_modules/.bin/spectral', ['lint', '--ruleset', '.spectral.yaml', '--format', 'json', '--output', output, '--fail-severity', 'hint', file], { env: OFFLINE_ENV }).catch(() => undefined);
    const results = JSON.parse(readFileSync(output, 'utf8')) as { code: string; message: string; path: string[] }[];
    expect(results.map((r) => `${r.code}: ${r.message} at ${r.path.join('.')}`)).toEqual([]);
  }, 60_000);
});
