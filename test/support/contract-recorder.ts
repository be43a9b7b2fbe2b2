import express, { type Request, type Response, type NextFunction } from 'express';
import type { AppDeps } from '../../src/app-deps.js';
import { OPERATIONS } from '../../src/http/operations/index.js';
import { buildOpenApiDocument } from '../../src/openapi/openapi-document.js';
import { expectMatchesOpenApi } from './openapi.js';

const API_BASES = ['/api/v1/', '/v1/'];

/**
 * Wraps an app so that every JSON response it sends under an API base is checked against the
 * OpenAPI document that same app serves (built from its own capability registry), whatever the
 * test asserts itself. Mismatches are collected, and `assertAllMatched()` (called by the
 * harness's `close()`) throws them all, so a test file whose responses drift from /openapi.json
 * fails even when no test in it calls `expectMatchesOpenApi`.
 */
export function recordContract(app: express.Express, deps: AppDeps): { app: express.Express; checked: () => number; assertAllMatched: () => void } {
  const problems: string[] = [];
  let checked = 0;
  const wrapper = express();
  wrapper.use((req: Request, res: Response, next: NextFunction) => {
    if (!API_BASES.some((base) => `${req.path}/`.startsWith(base)) || req.method === 'OPTIONS') return next();
    // The body as sent: res.json's value, or the JSON text the success envelope is sent as.
    let body: unknown;
    const json = res.json.bind(res);
    res.json = (value: unknown) => {
      body = value;
      return json(value);
    };
    const send = res.send.bind(res);
    res.send = (value: unknown) => {
      if (body === undefined && typeof value === 'string' && String(res.getHeader('content-type') ?? '').startsWith('application/json')) body = JSON.parse(value) as unknown;
      return send(value);
    };
    res.on('finish', () => {
      const headers = Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]));
      const document = buildOpenApiDocument(OPERATIONS, deps.rules.current().capabilities, { bodyLimitBytes: deps.config.BODY_LIMIT });
      checked += 1;
      try {
        expectMatchesOpenApi({ status: res.statusCode, headers, body }, req.method, req.originalUrl, document);
      } catch (error) {
        problems.push((error as Error).message);
      }
    });
    next();
  });
  wrapper.use(app);
  return {
    app: wrapper,
    checked: () => checked,
    assertAllMatched() {
      if (problems.length > 0) throw new Error(`${problems.length} response(s) disagreed with /openapi.json:\n\n${problems.slice(0, 10).join('\n\n')}`);
    },
  };
}
