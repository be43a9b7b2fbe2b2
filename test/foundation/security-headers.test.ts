import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.js';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/api/v1/countries', '/v1/nope', '/nope', '/openapi.json', '/status.json', '/healthz'])(
    'JSON responses (%s) forbid loading or framing anything',
    async (path) => {
      const res = await request(t.app).get(path);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['x-powered-by']).toBeUndefined();
    },
  );

  it('sends no CORS headers when CORS_ORIGINS is not set', async () => {
    const res = await request(t.app).get('/api/v1/countries').set('Origin', 'https://app.example.com');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await request(t.app).options('/api/v1/countries').set('Origin', 'https://app.example.com').set('Access-Control-Request-Method', 'GET');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows only the configured origins, exposing the request id and rate-limit headers', async () => {
    const cors = await createTestApp({ env: { CORS_ORIGINS: 'https://app.example.com, https://other.example.com' } });
    try {
      const allowed = await request(cors.app).get('/api/v1/countries').set('Origin', 'https://app.example.com');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(allowed.headers['access-control-expose-headers']).toContain('X-RateLimit-Reset');
      expect(allowed.headers['access-control-expose-headers']).toContain('X-Request-Id');
      const preflight = await request(cors.app)
        .options('/api/v1/route')
        .set('Origin', 'https://other.example.com')
        .set('Access-Control-Request-Method', 'POST');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(preflight.headers[header], header).toMatch(/^\d+$/);
      const sitePreflight = await request(cors.app).options('/openapi.json').set('Origin', 'https://other.example.com').set('Access-Control-Request-Method', 'GET');
      expect(sitePreflight.status).toBe(204);
      const refused = await request(cors.app).get('/api/v1/countries').set('Origin', 'https://evil.example.com');
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await cors.close();
    }
  });
});
