import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import { ERROR_CODES, ERROR_CODE_LIST, type ErrorCode } from '../errors/error-codes.js';
import { ErrorDetailsShape, RequestIdSchema, successEnvelopeSchema } from '../http/envelope.js';
import type { Operation } from '../http/operation.js';
import { CONTRACT_DECISIONS, DECISIONS_PAGE_PATH } from './contract-decisions.js';
import { GETTING_STARTED } from './getting-started.js';

/** The generated document (OpenAPI 3.1 JSON). */
export type OpenApiDocument = ReturnType<typeof createDocument>;

/** Contract version of the v1 API (spec section 9.1). */
export const CONTRACT_VERSION = '1.0.0';

/** Where the operations live; `/v1` serves the same operations and is documented as an alias. */
export const SERVER_URL = '/api/v1';

export interface OpenApiOptions {
  /** The body limit in bytes (config BODY_LIMIT), stated in the 413 description. */
  bodyLimitBytes: number;
}

/** Codes any operation can answer, whatever it does (spec section 4: 200, 401, 403, 429, 501, and the system errors). */
const SHARED_CODES: readonly ErrorCode[] = [
  'invalid_request',
  'missing_api_key',
  'invalid_api_key',
  'revoked_api_key',
  'expired_api_key',
  'subscription_inactive',
  'account_suspended',
  'entitlement_disabled',
  'quota_exceeded',
  'usage_limit_exceeded',
  'rate_limit_exceeded',
  'capability_not_available',
  'internal_error',
  'service_temporarily_unavailable',
];

/** The error codes an operation can answer: the shared ones, 413 for bodies, and the ones it declares. */
export function errorCodesOf(operation: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>(SHARED_CODES);
  if (operation.body) codes.add('payload_too_large');
  for (const code of operation.errors ?? []) codes.add(code);
  return ERROR_CODE_LIST.filter((code) => codes.has(code));
}

const STATUS_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  413: 'PayloadTooLarge',
  422: 'UnprocessableEntity',
  429: 'TooManyRequests',
  500: 'InternalError',
  501: 'NotImplemented',
  503: 'ServiceUnavailable',
};

const RateLimitLimitHeader = z.int().min(1).meta({
  description: 'Requests allowed per rate-limit window for this key (or, without a valid key, for the client address).',
  example: 60,
  header: { id: 'X-RateLimit-Limit' },
});
const RateLimitRemainingHeader = z.int().min(0).meta({
  description: 'Requests left in the current window (0 when the limit is reached).',
  example: 59,
  header: { id: 'X-RateLimit-Remaining' },
});
const RateLimitResetHeader = z.int().min(1).meta({
  description:
    'Whole seconds (at least 1) until the current window resets and `X-RateLimit-Remaining` is back to `X-RateLimit-Limit`. A delay, not a timestamp.',
  example: 42,
  header: { id: 'X-RateLimit-Reset' },
});
const RequestIdHeader = z
  .string()
  .regex(/^req_[A-Za-z0-9]{20,}$/)
  .meta({
    description: 'The `request_id` of the body. Quote it when you contact support.',
    example: 'req_4fQ2x9LmP0aZb7TnC1dWe3Ky',
    header: { id: 'X-Request-Id' },
  });
const RetryAfterHeader = z
  .int()
  .min(0)
  .meta({ description: 'Seconds to wait before retrying (with exponential backoff on repeated 429s). Always sent with 429 and 503.', example: 30, header: { id: 'Retry-After' } });
const NoStoreHeader = z
  .literal('no-store')
  .meta({ description: 'The response is never cached.', header: { id: 'Cache-Control-No-Store' } });

const commonHeaders = {
  'X-Request-Id': RequestIdHeader,
  'X-RateLimit-Limit': RateLimitLimitHeader,
  'X-RateLimit-Remaining': RateLimitRemainingHeader,
  'X-RateLimit-Reset': RateLimitResetHeader,
};

function codeList(codes: readonly ErrorCode[]): string {
  return codes.map((code) => `- \`${code}\`: ${ERROR_CODES[code].when}`).join('\n');
}

/** One registered response per HTTP status, with the codes of that status and what each means. */
function errorResponse(status: number, options: OpenApiOptions): ZodOpenApiResponseObject {
  const codes = ERROR_CODE_LIST.filter((code) => ERROR_CODES[code].status === status);
  const name = STATUS_NAMES[status] ?? `Error${status}`;
  const schema = z
    .object({
      request_id: RequestIdSchema,
      error: z.object({ code: z.enum(codes as [ErrorCode, ...ErrorCode[]]), ...ErrorDetailsShape }),
    })
    .meta({ id: `${name}Envelope`, description: `Error envelope (spec 2.4) of a ${status} response.` });
  let description = `${status}: the error envelope, with \`error.code\` one of:\n\n${codeList(codes)}`;
  if (status === 413) description += `\n\nThe limit of this server is ${options.bodyLimitBytes} bytes.`;
  const headers: Record<string, z.ZodType> = { ...commonHeaders };
  if (status === 429 || status === 503) headers['Retry-After'] = RetryAfterHeader;
  if (status >= 500) headers['Cache-Control'] = NoStoreHeader;
  return {
    id: name,
    description,
    headers: z.object(headers),
    content: { 'application/json': { schema } },
  };
}

/** Registered responses must be the same object wherever they are used; one per status per document. */
type ErrorResponses = (status: number) => ZodOpenApiResponseObject;

function errorResponses(options: OpenApiOptions): ErrorResponses {
  const made = new Map<number, ZodOpenApiResponseObject>();
  return (status) => {
    let response = made.get(status);
    if (!response) {
      response = errorResponse(status, options);
      made.set(status, response);
    }
    return response;
  };
}

function operationObject(
  operation: Operation,
  registry: CapabilityRegistry,
  options: OpenApiOptions,
  errorResponseOf: ErrorResponses,
): ZodOpenApiOperationObject {
  const capability = registry.get(operation.capability);
  const awaiting = capability.state !== 'active';
  const unitsText = `**Cost:** ${operation.units} unit${operation.units === 1 ? '' : 's'} per successful call (\`meta.units\`); an error is never charged.`;
  const stateText = awaiting
    ? `**Capability \`${capability.id}\` is awaiting integration:** after authentication every call answers 501 \`capability_not_available\` with \`Cache-Control: no-store\`, is not charged and returns no data. See \`/status\`.`
    : `Capability \`${capability.id}\` (${capability.name}), active; see \`/status\`.`;
  const responses: ZodOpenApiOperationObject['responses'] = {
    '200': {
      description: `Success envelope. Charges ${operation.units} unit${operation.units === 1 ? '' : 's'}.`,
      headers: z.object(commonHeaders),
      content: {
        'application/json': {
          schema: successEnvelopeSchema(operation.data, `${operation.id[0]?.toUpperCase()}${operation.id.slice(1)}Response`),
        },
      },
    },
  };
  const statuses = [...new Set(errorCodesOf(operation).map((code) => ERROR_CODES[code].status))].sort((a, b) => a - b);
  for (const status of statuses) responses[`${status}` as '400'] = errorResponseOf(status);

  const object: ZodOpenApiOperationObject = {
    operationId: operation.id,
    summary: operation.summary,
    description: `${operation.description}\n\n${unitsText}\n\n${stateText}`,
    tags: [awaiting ? 'Awaiting integration' : tagOf(operation)],
    'x-units': operation.units,
    'x-capability': capability.id,
    'x-capability-state': capability.state,
    responses,
  };
  const requestParams: NonNullable<ZodOpenApiOperationObject['requestParams']> = {};
  if (operation.query) requestParams.query = operation.query as z.ZodObject;
  if (operation.params) requestParams.path = operation.params as z.ZodObject;
  if (operation.query || operation.params) object.requestParams = requestParams;
  if (operation.body) {
    object.requestBody = {
      required: true,
      description: `A JSON object, \`Content-Type: application/json\`, at most ${options.bodyLimitBytes} bytes. ${
        isClosed(operation.body)
          ? 'Unknown fields are rejected with 400.'
          : 'Open on purpose: its fields are defined when the capability is integrated, and until then any JSON object is accepted (the call answers 501 first).'
      }`,
      content: { 'application/json': { schema: operation.body } },
    };
  }
  return object;
}

/** Whether a body schema rejects unknown fields (a strict object), as most bodies do. */
function isClosed(body: z.ZodType): boolean {
  return body instanceof z.ZodObject && body._zod.def.catchall?._zod.def.type === 'never';
}

function tagOf(operation: Operation): string {
  if (operation.method === 'post') return 'Questions';
  return 'Knowledge';
}

function infoDescription(options: OpenApiOptions): string {
  return [
    'Source-grounded Schengen short-stay visa information. Every success carries the sources it rests on and the date they were last verified; an unknown value is `null`, never an estimate. Responses are not an official consular decision.',
    '',
    `The operations are served under \`${SERVER_URL}\` and, identically, under \`/v1\`. Authenticate with \`Authorization: Bearer <API_KEY>\`: \`svc_test_…\` keys (test mode, \`meta.livemode: false\`, not billed) or \`svc_live_…\` keys (live mode, billed against the plan quota).`,
    '',
    'Every response under the API base carries `X-Request-Id` and the three `X-RateLimit-*` headers, success or error; every 429 and 503 carries `Retry-After`. Each operation states its cost in units (`x-units`).',
    '',
    `POST bodies are JSON objects of at most ${options.bodyLimitBytes} bytes.`,
    '',
    `**Getting started** (get a key, make a first call, read the answer: ${GETTING_STARTED.length} steps with their commands) opens [the reference page](/docs#getting-started).`,
    '',
    `**Design decisions.** What the service does where the specification leaves a point open (${CONTRACT_DECISIONS.length} decisions: checks order, dates, limits, base paths, change policy) is on [${DECISIONS_PAGE_PATH}](${DECISIONS_PAGE_PATH}).`,
  ].join('\n');
}

/**
 * Generates the OpenAPI 3.1 document from the operations' zod schemas, the error code table and
 * the capability registry (for which operations answer 501). Pure: call it again after the
 * registry changes. Throws when an operation's schema cannot be represented in JSON Schema, so a
 * bad schema fails the contract test rather than the docs page.
 */
export function buildOpenApiDocument(
  operations: readonly Operation[],
  registry: CapabilityRegistry,
  options: OpenApiOptions,
): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  const errorResponseOf = errorResponses(options);
  const usedStatuses = new Set(operations.flatMap((operation) => errorCodesOf(operation).map((code) => ERROR_CODES[code].status)));
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {});
    if (item[operation.method]) throw new Error(`two operations for ${operation.method.toUpperCase()} ${operation.path}`);
    item[operation.method] = operationObject(operation, registry, options, errorResponseOf);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Schengen Information API',
      version: CONTRACT_VERSION,
      description: infoDescription(options),
      // No public address exists yet for support or for a licence text: the operator of the
      // server is the contact, and the package is UNLICENSED (package.json), stated as an SPDX
      // LicenseRef rather than an invented URL.
      contact: { name: 'The operator of this server; quote the request_id of the response' },
      license: { name: 'Proprietary (UNLICENSED): no licence is granted', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      { url: SERVER_URL, description: 'Version 1, the base URL.' },
      { url: '/v1', description: 'Version 1 at the short base the specification writes: the same operations, the same responses.' },
    ],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'Knowledge', description: 'Country, requirement, financial and source records.' },
      { name: 'Questions', description: 'Free-text questions: routing, classification, answers.' },
      { name: 'Awaiting integration', description: 'Capabilities that answer 501 `capability_not_available` until integrated.' },
    ],
    paths,
    components: {
      // The statuses no operation answers yet (a 404 for an unknown path still has its shape here);
      // the others are registered through their `id` where the operations use them.
      responses: Object.fromEntries(
        [...new Set(ERROR_CODE_LIST.map((code) => ERROR_CODES[code].status))]
          .filter((status) => !usedStatuses.has(status))
          .map((status) => {
            const { id, ...response } = errorResponseOf(status);
            return [id ?? `Error${status}`, response];
          }),
      ),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'svc_test_… or svc_live_…',
          description:
            'An API key as `Authorization: Bearer <API_KEY>`. `svc_test_` keys: test mode, free plan, not billed, own usage counter, `meta.livemode: false`. `svc_live_` keys: live mode, paid plan, usage deducted from the plan quota, `meta.livemode: true`. A key is shown once at creation; the server stores only its SHA-256 hash.',
        },
      },
    },
  });
}
