import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors/api-error.js';
import { ERROR_CODES, ERROR_CODE_LIST, type ErrorCode } from '../../src/errors/error-codes.js';
import { errorHandler } from '../../src/http/error-handler.js';
import { requestContext } from '../../src/http/request-context.js';
import { createLogger } from '../../src/logger.js';
import { openApiDocument } from '../support/openapi.js';
import { REQUEST_ID } from './foundation-support.js';
import { firstTable, readme, renderTable, section, unquote } from './markdown-tables.js';

/** Spec section 7, copied: the contract the one table must implement. */
const SPEC_SECTION_7: Record<string, number> = {
  invalid_request: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  revoked_api_key: 401,
  expired_api_key: 401,
  account_suspended: 403,
  entitlement_disabled: 403,
  quota_exceeded: 403,
  subscription_inactive: 402,
  usage_limit_exceeded: 429,
  rate_limit_exceeded: 429,
  not_found: 404,
  unprocessable_entity: 422,
  payload_too_large: 413,
  capability_not_available: 501,
  service_temporarily_unavailable: 503,
  internal_error: 500,
};

type Json = Record<string, unknown>;

function resolve(node: unknown): Json {
  let value = node as Json;
  while (typeof value?.$ref === 'string') {
    value = (value.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>((at, part) => (at as Json)[part], openApiDocument()) as Json;
  }
  return value;
}

/** The `error.code` enum of the documented error response for a status. */
function documentedCodes(status: number): string[] {
  const responses = (openApiDocument().components?.responses ?? {}) as unknown as Record<string, Json>;
  for (const response of Object.values(responses)) {
    const schema = resolve((response.content as Record<string, Json>)['application/json']?.schema);
    const error = resolve((schema.properties as Record<string, Json>).error);
    const code = resolve((error.properties as Record<string, Json>).code);
    const codes = code.enum as string[];
    if (codes.every((candidate) => ERROR_CODES[candidate as ErrorCode]?.status === status)) return codes;
  }
  return [];
}

const rows = ERROR_CODE_LIST.map((code) => ({ code, status: ERROR_CODES[code].status }));

describe('the error code table', () => {
  it('holds exactly the 17 codes of spec section 7 with their statuses', () => {
    expect(ERROR_CODE_LIST).toHaveLength(17);
    expect(Object.fromEntries(rows.map(({ code, status }) => [code, status]))).toEqual(SPEC_SECTION_7);
  });

  it('says when each code is thrown', () => {
    for (const code of ERROR_CODE_LIST) expect(ERROR_CODES[code].when.length, code).toBeGreaterThan(20);
  });

  it.each(rows)('/openapi.json documents $code under $status, with its meaning', ({ code, status }) => {
    expect(documentedCodes(status)).toContain(code);
    const responses = Object.values((openApiDocument().components?.responses ?? {}) as unknown as Record<string, Json>);
    const response = responses.find((candidate) => String(candidate.description).startsWith(`${status}:`));
    expect(String(response?.description)).toContain(`\`${code}\`: ${ERROR_CODES[code].when}`);
  });

  it('documents no code under a status other than its own', () => {
    const statuses = [...new Set(rows.map((row) => row.status))];
    for (const status of statuses) {
      expect(documentedCodes(status).sort(), String(status)).toEqual(rows.filter((row) => row.status === status).map((row) => row.code).sort());
    }
  });

  it('the README error table lists each code, its status and when, as the table does', () => {
    const expected = rows.map(({ code, status }) => [`\`${code}\``, String(status), ERROR_CODES[code].when]);
    const actual = firstTable(section(readme(), 'Errors'));
    expect(actual, `README "## Errors" should hold:\n${renderTable(['Code', 'HTTP', 'When'], expected)}`).toEqual(expected);
    expect(actual.map((row) => unquote(row[0] ?? '')).sort()).toEqual(Object.keys(SPEC_SECTION_7).sort());
  });

  it.each(rows)('the error handler answers $code with $status in the error envelope', async ({ code, status }) => {
    const app = express();
    app.use(requestContext(createLogger('silent')));
    app.get('/fail', () => {
      throw new ApiError(code, `a ${code} happened`);
    });
    app.use(errorHandler(createLogger('silent')));
    const res = await request(app).get('/fail');
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ request_id: res.headers['x-request-id'], error: { code, message: `a ${code} happened` } });
    expect(res.body.request_id).toMatch(REQUEST_ID);
  });
});
