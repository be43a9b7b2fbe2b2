import { Validator } from '@seriousme/openapi-schema-validator';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCapabilityFile } from '../../src/capabilities/capability-registry.js';
import { ERROR_CODES } from '../../src/errors/error-codes.js';
import { OPERATIONS } from '../../src/http/operations/index.js';
import { CONTRACT_DECISIONS, DECISIONS_PAGE_PATH } from '../../src/openapi/contract-decisions.js';
import { GETTING_STARTED } from '../../src/openapi/getting-started.js';
import { buildOpenApiDocument, errorCodesOf } from '../../src/openapi/openapi-document.js';
import { recordContract } from '../support/contract-recorder.js';
import { createTestApp, type TestApp } from '../support/harness.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- walking a JSON document

const rows = OPERATIONS.map((operation) => ({ label: `${operation.method.toUpperCase()} ${operation.path}`, operation }));

describe('/openapi.json', () => {
  let t: TestApp;
  let served: Json;
  const resolve = (node: Json): Json => {
    let value = node;
    while (typeof value?.$ref === 'string') value = value.$ref.slice(2).split('/').reduce((at: Json, part: string) => at[part], served);
    return value;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const res = await request(t.app).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    served = res.body;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a valid OpenAPI 3.1 document for a real validator', async () => {
    const result = await new Validator().validate(structuredClone(served));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(served.openapi).toMatch(/^3\.1\./);
    expect(served.info.version).toBe('1.0.0');
  });

  it('is served at the host root without a key, and is the document generated from the operations', async () => {
    const expected = buildOpenApiDocument(OPERATIONS, t.deps.rules.current().capabilities, { bodyLimitBytes: t.deps.config.BODY_LIMIT });
    expect(served).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(Object.keys(served.paths).sort()).toEqual([...new Set(OPERATIONS.map((operation) => operation.path))].sort());
  });

  it('puts every operation under the /api/v1 server, and /v1 as a second one, behind the bearer scheme, with both key prefixes documented', () => {
    expect(served.servers).toEqual([expect.objectContaining({ url: '/api/v1' }), expect.objectContaining({ url: '/v1' })]);
    expect(served.security).toEqual([{ bearerAuth: [] }]);
    const scheme = served.components.securitySchemes.bearerAuth;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(scheme.description).toContain('svc_test_');
    expect(scheme.description).toContain('svc_live_');
  });

  // Changed on purpose (issue 13): the decisions moved out of the description to their own
  // page, which the description links to, with the getting-started steps that open /docs.
  it('links the decisions page, which lists every decision on the spec\'s "not shown" items, and the getting-started steps', async () => {
    expect(served.info.description).toContain(`(${DECISIONS_PAGE_PATH})`);
    const page = await request(t.app).get(DECISIONS_PAGE_PATH);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const text = page.text
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    for (const row of CONTRACT_DECISIONS) expect(text).toContain(row.decision.replace(/`|\*\*/g, ''));
    expect(page.text.match(/<tr>/g)).toHaveLength(CONTRACT_DECISIONS.length + 1);
    expect(served.info.description).toContain('(/docs#getting-started)');
    expect(GETTING_STARTED).toHaveLength(3);
  });

  it('states a contact and a licence, and that 429 and 503 always carry Retry-After', () => {
    expect(served.info.contact.name).toMatch(/request_id/);
    expect(served.info.license).toMatchObject({ identifier: 'LicenseRef-Proprietary' });
    expect(resolve(served.components.responses.ServiceUnavailable ?? served.paths['/countries'].get.responses['503']).headers['Retry-After']).toBeDefined();
  });

  it('reuses the Topic and Intent enums, dates as format date, urls as format uri, no negative count', () => {
    const schemas = served.components.schemas as Json;
    expect(schemas.Classification.properties.topic).toEqual({ anyOf: [{ $ref: '#/components/schemas/Topic' }, { type: 'null' }], description: expect.any(String) });
    expect(JSON.stringify(schemas.Route.properties.parameters.properties.topic)).toContain('#/components/schemas/Topic');
    expect(JSON.stringify(schemas.AnswerData.properties.intent)).toContain('#/components/schemas/Intent');
    expect(JSON.stringify(schemas.AnswerData.properties.topics)).toContain('#/components/schemas/AnswerTopic');
    expect(JSON.stringify(schemas.AnswerTopic)).toContain('#/components/schemas/Topic');
    expect(JSON.stringify(schemas.UnansweredTopic.properties.topic)).toContain('#/components/schemas/AnswerTopic');
    expect(JSON.stringify(schemas.AnswerData.properties.country)).toContain('^[A-Z]{2}$');
    expect(JSON.stringify(schemas.AnswerData.properties.nationality)).toContain('^[A-Z]{2}$');
    expect(JSON.stringify(schemas.Route.properties.request)).toContain('"/countries/{country}"');
    expect(schemas.Source.properties.url.format).toBe('uri');
    expect(JSON.stringify(schemas.Meta.properties.last_verified_at)).toContain('"format":"date"');
    expect(schemas.CountryList.properties.count.minimum).toBe(0);
    expect(schemas.SourceList.properties.count.minimum).toBe(0);
  });

  it('publishes Fact and AnswerFact as discriminated unions on kind, a money value with amount and currency', () => {
    const schemas = served.components.schemas as Json;
    for (const name of ['Fact', 'AnswerFact']) {
      expect(schemas[name].discriminator.propertyName, name).toBe('kind');
      expect(schemas[name].oneOf.length, name).toBe(Object.keys(schemas[name].discriminator.mapping).length);
    }
    expect(schemas.MoneyFact.properties.kind).toMatchObject({ type: 'string', const: 'money' });
    expect(schemas.MoneyValue.required).toEqual(['amount', 'currency']);
  });

  it('gives every parameter a description and an example', () => {
    for (const [path, item] of Object.entries(served.paths as Record<string, Record<string, Json>>)) {
      for (const [method, op] of Object.entries(item)) {
        for (const param of (op.parameters ?? []) as Json[]) {
          const where = `${method.toUpperCase()} ${path} ${param.name}`;
          expect(param.description ?? param.schema?.description, where).toEqual(expect.any(String));
          expect(param.example ?? param.schema?.example, where).toBeDefined();
        }
      }
    }
  });

  it('documents the awaiting-integration bodies as open and every other body as closed', () => {
    for (const operation of OPERATIONS.filter((candidate) => candidate.body)) {
      const body = served.paths[operation.path][operation.method].requestBody.description as string;
      const awaiting = ['refusal_analysis', 'entry_ban_analysis', 'visa_status_analysis'].includes(operation.capability);
      expect(body, operation.id).toContain(awaiting ? 'any JSON object is accepted' : 'Unknown fields are rejected with 400');
    }
  });

  describe.each(rows)('$label', ({ operation }) => {
    const op = (): Json => served.paths[operation.path][operation.method];

    it('has its id, its cost in units (x-units and the description) and its capability', () => {
      expect(op().operationId).toBe(operation.id);
      expect(op()['x-units']).toBe(operation.units);
      expect(op().description).toContain(`**Cost:** ${operation.units} unit`);
      expect(op()['x-capability']).toBe(operation.capability);
      expect(op()['x-capability-state']).toBe(t.deps.rules.current().capabilities.get(operation.capability).state);
    });

    it('documents its parameters and body from its zod schemas', () => {
      const params = (op().parameters ?? []) as Json[];
      const query = operation.query ? Object.keys((operation.query as unknown as { shape: object }).shape) : [];
      const path = operation.params ? Object.keys((operation.params as unknown as { shape: object }).shape) : [];
      expect(params.filter((param) => param.in === 'query').map((param) => param.name).sort()).toEqual(query.sort());
      expect(params.filter((param) => param.in === 'path').map((param) => param.name).sort()).toEqual(path.sort());
      for (const param of params.filter((candidate) => candidate.in === 'path')) expect(param.required).toBe(true);
      if (operation.method === 'post') {
        expect(op().requestBody.required).toBe(true);
        expect(op().requestBody.content['application/json'].schema).toBeDefined();
      } else {
        expect(op().requestBody).toBeUndefined();
      }
    });

    it('documents 200 with its success envelope and every error status it can answer, with their codes', () => {
      const success = resolve(op().responses['200']);
      const envelope = resolve(success.content['application/json'].schema);
      expect(envelope.required.sort()).toEqual(['data', 'meta', 'request_id']);
      const statuses = [...new Set(errorCodesOf(operation).map((code) => ERROR_CODES[code].status))];
      expect(statuses).toEqual(expect.arrayContaining([400, 401, 402, 403, 429, 500, 501, 503]));
      if (operation.method === 'post') expect(statuses).toContain(413);
      expect(Object.keys(op().responses).sort()).toEqual(['200', ...statuses.map(String)].sort());
      for (const code of operation.errors ?? []) expect(statuses).toContain(ERROR_CODES[code].status);
    });

    it('documents X-Request-Id and the three X-RateLimit-* headers on every response, and Retry-After on 429', () => {
      for (const [status, raw] of Object.entries(op().responses as Record<string, Json>)) {
        const headers = resolve(raw).headers as Json;
        for (const name of ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
          expect(resolve(headers[name]), `${status} ${name}`).toMatchObject({ required: true });
        }
        if (status === '429') expect(resolve(headers['Retry-After'])).toMatchObject({ required: true });
        if (status === '501') expect(resolve(headers['Cache-Control']).schema.const).toBe('no-store');
      }
      expect(resolve(served.components.headers['X-RateLimit-Reset']).description).toMatch(/seconds/i);
    });
  });

  it('marks the awaiting capabilities as such, with their 501', () => {
    for (const operation of OPERATIONS) {
      const op = served.paths[operation.path][operation.method];
      const awaiting = !t.deps.rules.current().capabilities.isActive(operation.capability);
      expect(op.tags.includes('Awaiting integration'), operation.id).toBe(awaiting);
      if (awaiting) expect(op.description).toContain('awaiting integration');
    }
  });

  it('states the configured body limit in the 413 response', async () => {
    const small = await createTestApp({ env: { BODY_LIMIT: '2kb' } });
    try {
      const res = await request(small.app).get('/openapi.json');
      expect(res.body.components.responses.PayloadTooLarge.description).toContain('2048 bytes');
    } finally {
      await small.close();
    }
  });

  it('is built once per rules snapshot and rebuilt when the capability registry changes', async () => {
    const first = await request(t.app).get('/openapi.json');
    const second = await request(t.app).get('/openapi.json');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    const revalidated = await request(t.app).get('/openapi.json').set('If-None-Match', first.headers.etag as string);
    expect(revalidated.status).toBe(304);
    const current = t.deps.rules.current();
    const flipped = current.capabilities.list.map((capability) => (capability.id === 'appointments' ? { ...capability, state: 'active' as const } : capability));
    t.deps.rules.replace({ ...current, capabilities: parseCapabilityFile({ capabilities: flipped }, 'test') });
    try {
      const after = await request(t.app).get('/openapi.json');
      expect(after.body.paths['/appointments'].get['x-capability-state']).toBe('active');
    } finally {
      t.deps.rules.replace(current);
    }
  });
});

describe('the contract recorder every test app carries', () => {
  it('checks each API response the app sends against /openapi.json, and close() reports a mismatch', async () => {
    const t = await createTestApp();
    await request(t.app).get('/api/v1/countries');
    await request(t.app).get('/v1/nope');
    expect(t.contractChecks()).toBe(2);
    await t.close();

    // The same recorder around an app whose route breaks the contract.
    const drifting = express();
    drifting.get('/api/v1/countries', (_req, res) => void res.status(200).json({ countries: [] }));
    const base = await createTestApp();
    const recorded = recordContract(drifting, base.deps);
    await request(recorded.app).get('/api/v1/countries');
    await base.close();
    expect(() => recorded.assertAllMatched()).toThrow(/GET \/api\/v1\/countries → 200 disagrees with \/openapi.json/);
  });
});
