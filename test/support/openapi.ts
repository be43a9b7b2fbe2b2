import Ajv2020Module from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { loadCapabilityRegistry } from '../../src/capabilities/capability-registry.js';
import { parseConfig } from '../../src/config.js';
import { OPERATIONS } from '../../src/http/operations/index.js';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src/openapi/openapi-document.js';

// ajv and ajv-formats are CommonJS whose module.exports is the class/plugin and also carries `.default`.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

/** What the helper reads of a response: a supertest `Response` fits. */
export interface ResponseLike {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

type Json = Record<string, unknown>;

let cachedDocument: OpenApiDocument | undefined;

/**
 * The document `/openapi.json` serves with the shipped rules and the default configuration,
 * built once per test file from the same operations the app mounts.
 */
export function openApiDocument(): OpenApiDocument {
  cachedDocument ??= buildOpenApiDocument(OPERATIONS, loadCapabilityRegistry('rules/capabilities.json'), {
    bodyLimitBytes: parseConfig({}).BODY_LIMIT,
  });
  return cachedDocument;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
/** Compiled validators per document (a test app with an edited registry serves another one). */
const validators = new WeakMap<OpenApiDocument, Map<string, ValidateFunction>>();

function validatorFor(document: OpenApiDocument, key: string, schema: unknown): ValidateFunction {
  let compiled = validators.get(document);
  if (!compiled) validators.set(document, (compiled = new Map()));
  let validate = compiled.get(key);
  if (!validate) {
    const components = document.components ?? {};
    validate = ajv.compile({ allOf: [schema], components: { schemas: components.schemas ?? {} } });
    compiled.set(key, validate);
  }
  return validate;
}

function resolve<T>(document: OpenApiDocument, value: unknown): T {
  if (value && typeof value === 'object' && '$ref' in value && typeof value.$ref === 'string') {
    const parts = value.$ref.replace(/^#\//, '').split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    let node: unknown = document;
    for (const part of parts) node = (node as Json | undefined)?.[part];
    if (node === undefined) throw new Error(`unresolvable $ref ${value.$ref} in /openapi.json`);
    return resolve<T>(document, node);
  }
  return value as T;
}

const API_BASES = ['/api/v1', '/v1'];

/** The shared responses a path that names no operation can get, by status. */
const UNROUTED_RESPONSES: Readonly<Record<number, string>> = { 404: 'NotFound', 429: 'TooManyRequests', 503: 'ServiceUnavailable' };

/** The document's path template for a request path (`/api/v1/countries/FR?x=1` → `/countries/{country}`). */
export function templateOf(path: string, document: OpenApiDocument = openApiDocument()): string | undefined {
  const bare = path.split('?')[0] ?? path;
  const base = API_BASES.find((prefix) => bare === prefix || bare.startsWith(`${prefix}/`));
  const relative = (base ? bare.slice(base.length) : bare).replace(/(.)\/$/, '$1') || '/';
  const paths = Object.keys(document.paths ?? {});
  if (paths.includes(relative)) return relative;
  return paths.find((template) => {
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`);
    return pattern.test(relative);
  });
}

function describeErrors(errors: readonly ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((error) => `  ${error.instancePath || '(root)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`).join('\n');
}

function headerValue(response: ResponseLike, name: string): string | undefined {
  const value = response.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Asserts that a real response agrees with `/openapi.json`: the document lists this status for
 * the operation (`method` + a request path such as `/api/v1/countries/FR` or a template such as
 * `/countries/{country}`), the body matches the documented schema, every documented required header
 * is present and valid, and `X-Request-Id` equals the body's `request_id`. A path that names no
 * operation must be a documented error (404 for an unknown path) in the `NotFoundError` shape.
 * Throws an Error that prints the response body and each mismatch. `document` is the shipped
 * `/openapi.json` unless a test app serves another one (an edited capability registry).
 */
export function expectMatchesOpenApi(response: ResponseLike, method: string, path: string, document: OpenApiDocument = openApiDocument()): void {
  const template = templateOf(path, document);
  const operation = template
    ? (document.paths?.[template] as Record<string, { responses?: Record<string, unknown> }> | undefined)?.[method.toLowerCase()]
    : undefined;
  const where = `${method.toUpperCase()} ${path} → ${response.status}`;
  const problems: string[] = [];

  let responseObject: { headers?: Record<string, unknown>; content?: Record<string, { schema?: unknown }> } | undefined;
  let schemaKey: string;
  if (operation) {
    const documented = operation.responses?.[String(response.status)];
    if (!documented) {
      throw new Error(
        `${where}: status ${response.status} is not documented for ${method.toUpperCase()} ${template} (documented: ${Object.keys(operation.responses ?? {}).join(', ')}).\nbody: ${JSON.stringify(response.body)}`,
      );
    }
    responseObject = resolve(document, documented);
    schemaKey = `${method.toLowerCase()} ${template} ${response.status}`;
  } else {
    // A path that names no operation is a 404, unless a check that precedes routing answers
    // first: the rate limit (429) or draining for shutdown (503), in their shared shapes.
    const shared = UNROUTED_RESPONSES[response.status];
    if (!shared) {
      throw new Error(`${where}: no operation in /openapi.json for ${method.toUpperCase()} ${path}, and the status is not 404, 429 or 503.\nbody: ${JSON.stringify(response.body)}`);
    }
    responseObject = resolve(document, { $ref: `#/components/responses/${shared}` });
    schemaKey = `unknown path ${response.status}`;
  }

  const schema = responseObject?.content?.['application/json']?.schema;
  if (schema) {
    const contentType = headerValue(response, 'content-type') ?? '';
    if (!contentType.startsWith('application/json')) problems.push(`Content-Type is "${contentType}", not application/json`);
    const validate = validatorFor(document, schemaKey, schema);
    if (!validate(response.body)) problems.push(`body does not match the documented schema:\n${describeErrors(validate.errors)}`);
  }

  const isApiPath = API_BASES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  for (const [name, raw] of Object.entries(responseObject?.headers ?? {})) {
    // Outside an API base (a 404 at /nope) the rate-limit headers are not promised.
    if (!isApiPath && name.startsWith('X-RateLimit-')) continue;
    const header = resolve<{ required?: boolean; schema?: { type?: string } }>(document, raw);
    const value = headerValue(response, name);
    if (value === undefined) {
      if (header.required) problems.push(`required header ${name} is missing`);
      continue;
    }
    const typed = header.schema?.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
    const validate = validatorFor(document, `header ${name}`, header.schema ?? {});
    if (!validate(typed)) problems.push(`header ${name}: ${JSON.stringify(value)} does not match:\n${describeErrors(validate.errors)}`);
  }

  const requestId = (response.body as { request_id?: unknown } | null)?.request_id;
  if (requestId !== undefined && headerValue(response, 'x-request-id') !== requestId) {
    problems.push(`X-Request-Id ${JSON.stringify(headerValue(response, 'x-request-id'))} differs from request_id ${JSON.stringify(requestId)}`);
  }

  if (problems.length > 0) {
    throw new Error(`${where} disagrees with /openapi.json:\n- ${problems.join('\n- ')}\nbody: ${JSON.stringify(response.body)}`);
  }
}
