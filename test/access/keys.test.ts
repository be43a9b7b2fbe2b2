import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey, parseAuthorization } from '../../src/access/api-key-format.js';
import { makeAccount, makeApiKey, makePlan } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { sendSample } from '../support/valid-request.js';
import { meteredTarget } from './metered-target.js';

const run = promisify(execFile);

/** Runs the real `svc` bin against the test app's database. */
async function svc(t: TestApp, ...args: string[]): Promise<unknown> {
  const { stdout } = await run(process.execPath, ['bin/svc.js', ...args, '--json'], { env: { ...process.env, DATABASE_URL: t.databaseUrl } });
  return JSON.parse(stdout);
}

/** Polls until `check` passes or 5 s have gone by; the spec's bound for operator changes. */
async function within5s(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe('API keys', () => {
  it.each(['test', 'live'] as const)('makes %s keys of the prefix and 40 base62 characters, each different', (mode) => {
    const keys = Array.from({ length: 50 }, () => generateApiKey(mode));
    for (const { key, hash, hint } of keys) {
      expect(key).toMatch(new RegExp(`^svc_${mode}_[0-9A-Za-z]{40}$`));
      expect(hash).toBe(createHash('sha256').update(key).digest('hex'));
      expect(hint).toBe(`svc_${mode}_…${key.slice(-4)}`);
    }
    expect(new Set(keys.map((k) => k.key)).size).toBe(50);
  });

  it.each([
    { header: 'Bearer svc_test_abc', why: 'too short' },
    { header: `Bearer svc_test_${'a'.repeat(39)}!`, why: 'a character outside base62' },
    { header: `bearer svc_live_${'a'.repeat(40)} extra`, why: 'two tokens' },
    { header: `svc_live_${'a'.repeat(40)}`, why: 'no scheme' },
  ])('rejects a header with $why as invalid_api_key before any lookup', ({ header }) => {
    expect(() => parseAuthorization(header)).toThrowError(expect.objectContaining({ code: 'invalid_api_key' }));
  });
});

describe('keys on a running server', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    // The default ACCESS_REFRESH_INTERVAL_MS (2 s): the 5 s bound is shown with what operators run.
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores only the SHA-256 hash and a hint of each key, never the key', async () => {
    const made = await Promise.all([makeApiKey(t, { mode: 'test' }), makeApiKey(t, { mode: 'live' })]);
    const db = new Database(t.databasePath, { readonly: true });
    try {
      const dump = JSON.stringify(
        (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(({ name }) => db.prepare(`SELECT * FROM "${name}"`).all()),
      );
      for (const { key, keyId } of made) {
        expect(dump).not.toContain(key);
        expect(dump).not.toContain(key.slice(9, 30));
        const row = db.prepare('SELECT hash, hint FROM api_keys WHERE id = ?').get(keyId) as { hash: string; hint: string };
        expect(row.hash).toBe(createHash('sha256').update(key).digest('hex'));
        expect(row.hint).toBe(`${key.slice(0, 9)}…${key.slice(-4)}`);
      }
    } finally {
      db.close();
    }
  });

  it('applies a revocation made with the CLI within 5 s, with no restart', async () => {
    const target = meteredTarget(t);
    const { key, keyId } = await makeApiKey(t);
    expect((await sendSample(target.app, target.sample, `Bearer ${key}`)).status).toBe(200);
    await svc(t, 'keys', 'revoke', keyId);
    const revoked = await within5s(async () => (await sendSample(target.app, target.sample, `Bearer ${key}`)).body.error?.code === 'revoked_api_key');
    expect(revoked).toBe(true);
  });

  it('applies a plan change made with the CLI within 5 s: the new plan\'s rate limit answers', async () => {
    const target = meteredTarget(t);
    const { key, accountId } = await makeApiKey(t, { mode: 'live', plan: { rateLimitRequests: 1000 } });
    const limit = async () => (await sendSample(target.app, target.sample, `Bearer ${key}`)).headers['x-ratelimit-limit'];
    expect(await limit()).toBe('1000');
    const bigger = await makePlan(t, { rateLimitRequests: 2500 });
    await svc(t, 'accounts', 'set-plan', accountId, bigger.id);
    expect(await within5s(async () => (await limit()) === '2500')).toBe(true);
  });

  it('applies a suspension, a reinstatement and a subscription change made with the CLI within 5 s', async () => {
    const target = meteredTarget(t);
    const { key, accountId } = await makeApiKey(t, { mode: 'live' });
    const code = async () => (await sendSample(target.app, target.sample, `Bearer ${key}`)).body.error?.code as string | undefined;
    await svc(t, 'accounts', 'suspend', accountId);
    expect(await within5s(async () => (await code()) === 'account_suspended')).toBe(true);
    await svc(t, 'accounts', 'reinstate', accountId);
    expect(await within5s(async () => (await code()) === undefined)).toBe(true);
    await svc(t, 'accounts', 'set-subscription', accountId, 'inactive');
    expect(await within5s(async () => (await code()) === 'subscription_inactive')).toBe(true);
  });

  it('accepts a key created with the CLI on the running server at its first use, and shows it only once', async () => {
    const target = meteredTarget(t);
    const account = await makeAccount(t);
    const created = (await svc(t, 'keys', 'create', '--account', account.id, '--mode', 'test')) as { key: string; api_key: { id: string } };
    expect(created.key).toMatch(/^svc_test_/);
    const first = await sendSample(target.app, target.sample, `Bearer ${created.key}`);
    expect(first.status, `its first use: ${JSON.stringify(first.body)}`).toBe(200);
    const listed = JSON.stringify(await svc(t, 'keys', 'list', '--account', account.id));
    expect(listed).toContain(created.api_key.id);
    expect(listed).not.toContain(created.key);
  });

  it('rotates a key: the new key works at once, the old one until its grace period ends', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const clocked = await createTestApp({ clock: () => now });
    try {
      const target = meteredTarget(clocked);
      const old = await makeApiKey(clocked);
      const rotated = await clocked.access.admin.rotateKey(old.keyId, 3600);
      await clocked.access.refresh();
      expect((await sendSample(target.app, target.sample, `Bearer ${rotated.key}`)).status).toBe(200);
      expect((await sendSample(target.app, target.sample, `Bearer ${old.key}`)).status).toBe(200);
      now = new Date('2026-11-22T11:00:00Z');
      expect((await sendSample(target.app, target.sample, `Bearer ${old.key}`)).body.error?.code).toBe('revoked_api_key');
      expect((await sendSample(target.app, target.sample, `Bearer ${rotated.key}`)).status).toBe(200);
      expect(rotated.old.replacedById).toBe(rotated.record.id);
    } finally {
      await clocked.close();
    }
  });

  it('rotates a key with no grace period: the old key is revoked at once', async () => {
    const target = meteredTarget(t);
    const old = await makeApiKey(t);
    const rotated = await t.access.admin.rotateKey(old.keyId, 0);
    await t.access.refresh();
    expect((await sendSample(target.app, target.sample, `Bearer ${old.key}`)).body.error?.code).toBe('revoked_api_key');
    expect((await sendSample(target.app, target.sample, `Bearer ${rotated.key}`)).status).toBe(200);
  });

  it('refuses a key after its expiry passes, on the running server', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const clocked = await createTestApp({ clock: () => now });
    try {
      const target = meteredTarget(clocked);
      const { key } = await makeApiKey(clocked, { expiresAt: new Date('2026-11-22T10:30:00Z') });
      expect((await sendSample(target.app, target.sample, `Bearer ${key}`)).status).toBe(200);
      now = new Date('2026-11-22T10:30:00Z');
      const res = await sendSample(target.app, target.sample, `Bearer ${key}`);
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(res.body.error.code).toBe('expired_api_key');
    } finally {
      await clocked.close();
    }
  });

  it('never writes the key or the Authorization header to the request log', async () => {
    const lines: string[] = [];
    const logged = await createTestApp();
    const { createLogger } = await import('../../src/logger.js');
    logged.deps.logger = createLogger('info', (line) => lines.push(line));
    const { createApp } = await import('../../src/app.js');
    try {
      const { key } = await makeApiKey(logged);
      await request(createApp(logged.deps)).get('/api/v1/countries').set('Authorization', `Bearer ${key}`);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('')).not.toContain(key.slice(9));
    } finally {
      await logged.close();
    }
  });
});
