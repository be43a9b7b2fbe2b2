import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';

describe('configuration', () => {
  it('starts a newcomer on SQLite in ./data on 127.0.0.1:3000 with no environment at all', () => {
    expect(parseConfig({})).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATABASE_URL: 'file:./data/svc.db',
      BODY_LIMIT: 16 * 1024,
      LOG_LEVEL: 'info',
      CORS_ORIGINS: [],
      TRUST_PROXY: false,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ PORT: '', HOST: '' })).toMatchObject({ PORT: 3000, HOST: '127.0.0.1' });
  });

  it.each([
    { env: { BODY_LIMIT: '2048' }, key: 'BODY_LIMIT', value: 2048 },
    { env: { BODY_LIMIT: '16kb' }, key: 'BODY_LIMIT', value: 16384 },
    { env: { BODY_LIMIT: '1MB' }, key: 'BODY_LIMIT', value: 1048576 },
    { env: { TRUST_PROXY: 'true' }, key: 'TRUST_PROXY', value: true },
    { env: { TRUST_PROXY: '0' }, key: 'TRUST_PROXY', value: false },
    { env: { CORS_ORIGINS: 'https://a.example, https://b.example' }, key: 'CORS_ORIGINS', value: ['https://a.example', 'https://b.example'] },
    { env: { PORT: '0' }, key: 'PORT', value: 0 },
    { env: { DATABASE_URL: 'file:/var/lib/svc/svc.db' }, key: 'DATABASE_URL', value: 'file:/var/lib/svc/svc.db' },
  ])('reads $env', ({ env, key, value }) => {
    expect(parseConfig(env)[key as keyof ReturnType<typeof parseConfig>]).toEqual(value);
  });

  it.each([
    { env: { PORT: 'abc' }, name: 'PORT' },
    { env: { PORT: '70000' }, name: 'PORT' },
    { env: { DATABASE_URL: 'mysql://db/svc' }, name: 'DATABASE_URL' },
    { env: { DATABASE_URL: './svc.db' }, name: 'DATABASE_URL' },
    { env: { BODY_LIMIT: 'lots' }, name: 'BODY_LIMIT' },
    { env: { LOG_LEVEL: 'verbose' }, name: 'LOG_LEVEL' },
    { env: { TRUST_PROXY: 'yes' }, name: 'TRUST_PROXY' },
    { env: { SHUTDOWN_TIMEOUT_MS: '5' }, name: 'SHUTDOWN_TIMEOUT_MS' },
    { env: { REDIS_URL: 'localhost:6379' }, name: 'REDIS_URL' },
  ])('refuses $env with a message naming $name and the value it got', ({ env, name }) => {
    const value = Object.values(env)[0] ?? '';
    expect(() => parseConfig(env)).toThrow(new RegExp(`${name}=${JSON.stringify(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('names every bad variable at once', () => {
    expect(() => parseConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT=[\s\S]*LOG_LEVEL=/);
  });
});
