import express, { type Request, type Response, type NextFunction } from 'express';
import type { AppDeps } from '../../src/app-deps.js';
import { OPERATIONS } from '../../src/http/operations/index.js';
import type { CapabilityRegistry } from '../../src/capabilities/capability-registry.js';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src/openapi/openapi-document.js';
import { expectMatchesOpenApi } from './openapi.js';

const API_BASES = ['/api/v1/', '/v1/'];

/**
 * The document an app serves, built once per capability registry (as the app's own /openapi.json
 * route does): the validators compiled for it are cached per document, so one document per
 * response would compile them again for every response.
 */
const documents = new WeakMap<CapabilityRegistry, OpenApiDocument>();
function documentFor(deps: AppDeps): OpenApiDocument {
  const registry = deps.rules.current().capabilities;
  let document = documents.get(registry);
  if (!document) {
    document = buildOpenApiDocument(OPERATIONS, registry, { bodyLimitBytes: deps.config.BODY_LIMIT });
    documents.set(registry, document);
  }
  return document;
}

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
    // The body as sent: res.json's value, or the JSON bytes (or text) the success envelope is sent as.
    let body: unknown;
    const json = res.json.bind(res);
    res.json = (value: unknown) => {
      body = value;
      return json(value);
    };
    const send = res.send.bind(res);
    res.send = (value: unknown) => {
      const text = Buffer.isBuffer(value) ? value.toString('utf8') : value;
      if (body === undefined && typeof text === 'string' && String(res.getHeader('content-type') ?? '').startsWith('application/json')) body = JSON.parse(text) as unknown;
      return send(value);
    };
    res.on('finish', () => {
      const headers = Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]));
      const document = documentFor(deps);
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
