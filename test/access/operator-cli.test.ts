import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrateDatabase } from '../../src/access/migrate-database.js';
import { runCli } from '../../src/cli/svc.js';

/** Runs `svc …` in process on a database; returns the exit code and what it printed. */
async function svc(databaseUrl: string, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (text) => (out += text), err: (text) => (err += text), env: { DATABASE_URL: databaseUrl } });
  const json = argv.includes('--json') && out.trim() !== '' ? (JSON.parse(out) as Record<string, unknown>) : undefined;
  return { code, out, err, json };
}

describe('svc operator commands', () => {
  let dir: string;
  let url: string;
  let accountId: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
    url = `file:${join(dir, 'svc.db')}`;
    const created = await svc(url, 'accounts', 'create', '--name', 'Acme', '--json');
    accountId = (created.json?.account as { id: string }).id;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    { argv: ['accounts'], why: 'no action' },
    { argv: ['accounts', 'frobnicate'], why: 'an unknown action' },
    { argv: ['accounts', 'create'], why: 'a missing --name' },
    { argv: ['accounts', 'create', '--name', 'X', '--subscription', 'maybe'], why: 'a bad --subscription' },
    { argv: ['accounts', 'create', '--name', 'X', '--colour', 'red'], why: 'an unknown option' },
    { argv: ['accounts', 'entitle', 'acct_x', 'teleport'], why: 'an unknown capability' },
    { argv: ['keys', 'create', '--account', 'acct_x'], why: 'a missing --mode' },
    { argv: ['keys', 'create', '--account', 'acct_x', '--mode', 'prod'], why: 'a bad --mode' },
    { argv: ['keys', 'create', '--account', 'acct_x', '--mode', 'test', '--expires', 'tomorrow'], why: 'a bad --expires' },
    { argv: ['keys', 'create', '--account', 'acct_x', '--mode', 'test', '--expires', '2020-01-01'], why: 'an --expires in the past' },
    { argv: ['keys', 'rotate', 'key_x', '--grace', 'soon'], why: 'a bad --grace' },
    { argv: ['plans', 'create', 'gold', '--name', 'Gold'], why: 'a missing --rate' },
    { argv: ['plans', 'create', 'gold', '--name', 'Gold', '--rate', '-5'], why: 'a negative --rate' },
    { argv: ['usage', '--month', '2026-13'], why: 'a bad --month' },
    { argv: ['migrate', 'now'], why: 'an extra argument' },
  ])('exits 2 with the usage on $why', async ({ argv }) => {
    const result = await svc(url, ...argv, '--json');
    expect(result.code, result.err).toBe(2);
    expect(result.err).toMatch(/Usage/);
    expect(result.json).toHaveProperty('error.message');
  });

  it.each([
    { argv: ['accounts', 'show', 'acct_missing'], message: /No account "acct_missing"/ },
    { argv: ['accounts', 'set-plan', '$account', 'platinum'], message: /No plan "platinum"/ },
    { argv: ['keys', 'revoke', 'key_missing'], message: /No key "key_missing"/ },
    { argv: ['keys', 'create', '--account', 'acct_missing', '--mode', 'test'], message: /No account/ },
    { argv: ['plans', 'create', 'free', '--name', 'Again', '--rate', '1'], message: /already exists/ },
    { argv: ['accounts', 'set-plan', '$account', 'free'], message: /live keys require a paid plan/ },
    { argv: ['accounts', 'create', '--name', 'Cheap', '--plan', 'free'], message: /live keys require a paid plan/ },
  ])('exits 1 with a clear message when $argv.0 $argv.1 names something that does not exist or exists', async ({ argv, message }) => {
    const result = await svc(url, ...argv.map((arg) => (arg === '$account' ? accountId : arg)), '--json');
    expect(result.code, result.out).toBe(1);
    expect(result.err).toMatch(message);
    expect(result.json).toEqual({ error: { message: expect.stringMatching(message) } });
  });

  it('exits 1 naming the variable when DATABASE_URL is malformed', async () => {
    const result = await svc('mysql://nope', 'accounts', 'list');
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/DATABASE_URL/);
  });

  it('walks an account through its life, printing JSON at each step', async () => {
    const plan = await svc(url, 'plans', 'create', 'gold', '--name', 'Gold', '--rate', '100', '--window', '1m', '--quota', '1000', '--daily-cap', '50', '--json');
    expect(plan.json?.plan).toEqual({ id: 'gold', name: 'Gold', rate_limit_requests: 100, rate_limit_window_seconds: 60, units_per_period: 1000, daily_unit_cap: 50 });
    const steps: [string[], Record<string, unknown>][] = [
      [['accounts', 'set-plan', accountId, 'gold'], { plan: 'gold' }],
      [['accounts', 'set-plan', accountId, 'gold', '--mode', 'test'], { test_plan: 'gold' }],
      [['accounts', 'set-subscription', accountId, 'active'], { subscription: 'active' }],
      [['accounts', 'set-daily-cap', accountId, '10'], { daily_unit_cap: 10 }],
      [['accounts', 'set-daily-cap', accountId, 'none'], { daily_unit_cap: null }],
      [['accounts', 'suspend', accountId], { status: 'suspended' }],
      [['accounts', 'reinstate', accountId], { status: 'active' }],
    ];
    for (const [argv, expected] of steps) {
      const result = await svc(url, ...argv, '--json');
      expect(result.code, result.err).toBe(0);
      expect(result.json?.account, argv.join(' ')).toMatchObject(expected);
    }
    const disentitled = await svc(url, 'accounts', 'disentitle', accountId, 'answer', '--json');
    expect((disentitled.json?.account as { entitlements: string[] }).entitlements).not.toContain('answer');
    const entitled = await svc(url, 'accounts', 'entitle', accountId, 'answer', '--json');
    expect((entitled.json?.account as { entitlements: string[] }).entitlements).toContain('answer');
    const listed = await svc(url, 'accounts', 'list', '--json');
    expect((listed.json?.accounts as { id: string }[]).map((a) => a.id)).toContain(accountId);
  });

  it('prints a key once at creation and rotation, and never in list', async () => {
    const created = await svc(url, 'keys', 'create', '--account', accountId, '--mode', 'live', '--expires', '30d', '--json');
    const key = created.json?.key as string;
    const keyId = (created.json?.api_key as { id: string }).id;
    expect(key).toMatch(/^svc_live_[0-9A-Za-z]{40}$/);
    expect(created.json?.api_key).toMatchObject({ mode: 'live', state: 'active', hint: `svc_live_…${key.slice(-4)}` });

    const rotated = await svc(url, 'keys', 'rotate', keyId, '--grace', '1h', '--json');
    expect(rotated.code, rotated.err).toBe(0);
    const newKey = rotated.json?.key as string;
    expect(newKey).toMatch(/^svc_live_/);
    expect(rotated.json?.replaced).toMatchObject({ id: keyId, state: 'active (revocation scheduled)' });

    const revoked = await svc(url, 'keys', 'revoke', keyId, '--json');
    expect(revoked.json?.api_key).toMatchObject({ id: keyId, state: 'revoked' });

    for (const argv of [['keys', 'list', '--json'], ['keys', 'list', '--account', accountId], ['keys', 'list']]) {
      const listed = await svc(url, ...argv);
      expect(listed.code).toBe(0);
      expect(listed.out).toContain(keyId);
      expect(listed.out).not.toContain(key);
      expect(listed.out).not.toContain(newKey);
    }
    const plain = await svc(url, 'keys', 'create', '--account', accountId, '--mode', 'test');
    expect(plain.out).toMatch(/^svc_test_[0-9A-Za-z]{40}\n/);
    expect(plain.out).toMatch(/only time/);
  });

  it('reports usage per account and mode with the live quota', async () => {
    const db = new Database(url.slice('file:'.length));
    const day = new Date().toISOString().slice(0, 10);
    db.prepare('INSERT INTO usage_counters (account_id, mode, day, capability, units, requests) VALUES (?, ?, ?, ?, ?, ?)').run(accountId, 'live', day, 'answer', 8, 4);
    db.prepare('INSERT INTO usage_counters (account_id, mode, day, capability, units, requests) VALUES (?, ?, ?, ?, ?, ?)').run(accountId, 'live', day, 'countries', 3, 3);
    db.prepare('INSERT INTO usage_counters (account_id, mode, day, capability, units, requests) VALUES (?, ?, ?, ?, ?, ?)').run(accountId, 'test', day, 'countries', 5, 5);
    db.close();
    const result = await svc(url, 'usage', '--account', accountId, '--json');
    expect(result.code, result.err).toBe(0);
    expect(result.json?.usage).toEqual([
      { account: accountId, mode: 'live', units: 11, requests: 7, plan: 'gold', quota: 1000 },
      { account: accountId, mode: 'test', units: 5, requests: 5, plan: 'gold', quota: null },
    ]);
    const byCapability = await svc(url, 'usage', '--account', accountId, '--mode', 'live', '--by', 'capability', '--json');
    expect((byCapability.json?.usage as { capability: string; units: number }[]).map((row) => [row.capability, row.units])).toEqual([
      ['answer', 8],
      ['countries', 3],
    ]);
    const text = await svc(url, 'usage');
    expect(text.out).toContain(accountId);
  });

  it('lists commands in help and exits 0; an unknown command exits 2', async () => {
    expect((await svc(url, 'help')).code).toBe(0);
    expect((await svc(url, 'teleport')).code).toBe(2);
  });
});

describe('migrate', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-migrate-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the folder and applies every migration once; a second run applies none', async () => {
    const url = `file:${join(dir, 'nested/folder/svc.db')}`;
    const first = await svc(url, 'migrate', '--json');
    expect(first.code, first.err).toBe(0);
    expect((first.json?.applied as string[]).length).toBeGreaterThan(0);
    const second = await svc(url, 'migrate', '--json');
    expect(second.json).toEqual({ applied: [], already_applied: first.json?.applied });
  });

  it('refuses a migration that was edited after it was applied', async () => {
    const migrations = join(dir, 'migrations');
    cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
    const url = `file:${join(dir, 'edited.db')}`;
    await migrateDatabase(url, migrations);
    writeFileSync(join(migrations, '0001_init/migration.sql'), '-- edited\n');
    await expect(migrateDatabase(url, migrations)).rejects.toThrow(/0001_init was changed after it was applied/);
  });

  it('rolls back a failing migration and records nothing for it', async () => {
    const migrations = join(dir, 'broken');
    cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
    cpSync(join(migrations, '0001_init'), join(migrations, '9999_broken'), { recursive: true });
    writeFileSync(join(migrations, '9999_broken/migration.sql'), 'CREATE TABLE half_done (id INTEGER);\nTHIS IS NOT SQL;\n');
    const url = `file:${join(dir, 'broken.db')}`;
    await expect(migrateDatabase(url, migrations)).rejects.toThrow();
    const db = new Database(url.slice('file:'.length), { readonly: true });
    try {
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
      expect((db.prepare('SELECT name FROM _migrations').all() as { name: string }[]).map((row) => row.name)).not.toContain('9999_broken');
    } finally {
      db.close();
    }
  });
});
