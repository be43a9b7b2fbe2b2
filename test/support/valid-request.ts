import { z } from 'zod';
import request from 'supertest';
import type { Operation } from '../../src/http/operation.js';

/** A request an operation accepts: path relative to the API base, query, and the body of a POST. */
export interface SampleRequest {
  method: 'get' | 'post';
  /** Path with its parameters filled in, relative to the API base: `/countries/FR`. */
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

/**
 * Values known to pass by field name. A field not listed gets a value built from its schema
 * (first enum value, minimum number, two-letter code, a plain sentence).
 */
const SAMPLES: Record<string, unknown> = {
  country: 'FR',
  travel_purpose: 'tourism',
  days: 10,
  question: 'Which documents do I need for a tourist Schengen visa to France?',
  text: 'Which documents do I need for a tourist Schengen visa to France?',
  topic: 'visa',
  language: 'en',
};

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

function sampleOf(schema: JsonSchema, name: string, root: JsonSchema = schema): unknown {
  if (schema.$ref) {
    const target = root.$defs?.[schema.$ref.replace(/^#\/\$defs\//, '')];
    return sampleOf(target ?? {}, name, root);
  }
  if (name in SAMPLES) return SAMPLES[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice) return sampleOf(choice, name, root);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sampleOf(schema.properties?.[key] ?? {}, key, root)]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}, name, root));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.pattern && /\{2\}/.test(schema.pattern)) return 'FR';
      return 'Schengen visa for France';
    default:
      return 'FR';
  }
}

function requiredSample(schema: z.ZodType | undefined, name: string): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const value = sampleOf(json, name);
  const parsed = schema.safeParse(value);
  return parsed.success ? (value as Record<string, unknown>) : undefined;
}

/**
 * A minimal valid request for an operation, built from its zod schemas: required fields only.
 * Throws, naming the operation and the schema's complaint, when no valid request could be built
 * (add a sample to SAMPLES above), so a suite that iterates the operations fails loudly rather
 * than testing a 400.
 */
export function validRequestFor(operation: Operation): SampleRequest {
  const params = requiredSample(operation.params, 'params') ?? {};
  const query = requiredSample(operation.query, 'query') ?? {};
  const body = operation.method === 'post' ? (requiredSample(operation.body, 'body') ?? (operation.body ? undefined : {})) : undefined;
  for (const [part, schema, value] of [
    ['params', operation.params, params],
    ['query', operation.query, query],
    ['body', operation.body, body],
  ] as const) {
    if (!schema) continue;
    const result = schema.safeParse(part === 'body' ? body : value);
    if (!result.success) {
      throw new Error(`validRequestFor(${operation.id}): could not build a valid ${part}; add a sample for it in test/support/valid-request.ts.\n${z.prettifyError(result.error)}`);
    }
  }
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(String(params[name] ?? SAMPLES[name] ?? 'FR')));
  return {
    method: operation.method,
    path,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    ...(operation.method === 'post' && { body: body ?? {} }),
  };
}

/**
 * Sends a sample request to the app under `/api/v1` (or `base`), with `authorization` as the
 * header when given. Returns supertest's response.
 */
export function sendSample(app: Parameters<typeof request>[0], sample: SampleRequest, authorization?: string, base = '/api/v1') {
  let call = request(app)[sample.method](`${base}${sample.path}`).query(sample.query);
  if (authorization !== undefined) call = call.set('Authorization', authorization);
  if (sample.method === 'post') call = call.set('Content-Type', 'application/json').send(JSON.stringify(sample.body ?? {}));
  return call;
}
