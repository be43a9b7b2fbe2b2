import express, { type Request, type Response, type NextFunction, type RequestHandler } from 'express';
import type { Caller, RateLimitState } from '../access/caller.js';
import type { AppDeps, Lifecycle } from '../app-deps.js';
import { ApiError, isApiError } from '../errors/api-error.js';
import { answerPreflight } from './cors.js';
import { disclaimerFor, type Grounded } from './envelope.js';
import { expressPath, type Operation } from './operation.js';
import { localsOf, REQUEST_ID_LENGTH } from './request-context.js';
import { validateInput } from './validate-input.js';

/**
 * The pipeline every API request goes through, in this order (docs/decisions.md, "Order of checks"):
 *  1. resolve the bearer key (in memory; a well-formed key not in memory waits for one throttled
 *     reload, so a key made a moment ago works at once) and take one request from the rate limit
 *     of the key, or of the client address when the key did not resolve; set the X-RateLimit-* headers;
 *  2. 503 while the server drains for shutdown; 429 rate_limit_exceeded when over the limit;
 *     then an allowed CORS preflight is answered 204;
 *  3. 404 for a path that names no operation (no key needed);
 *  4. the authentication error, if any (401, 402, 403 account_suspended);
 *  5. 501 when the capability is awaiting integration;
 *  6. entitlement, quota and usage caps (403, 429 usage_limit_exceeded);
 *  7. the body (size, JSON) (413, 400), then the parameters and body fields (400);
 *  8. the operation (404, 422 from the domain), then metering and the success envelope.
 * Nothing is charged unless step 8 succeeds.
 */
export function createApiRouter(deps: AppDeps, operations: readonly Operation[]): express.Router {
  const router = express.Router({ strict: false, caseSensitive: true });
  // Steps 1 and 2 run in one middleware (each Express layer is work on every request).
  router.use(admitRequest(deps));
  for (const operation of operations) {
    const handlers: RequestHandler[] = [guardOperation(deps, operation)];
    if (operation.method === 'post') handlers.push(...jsonBody(deps));
    handlers.push(runOperation(deps, operation));
    router[operation.method](expressPath(operation.path), ...handlers);
  }
  router.use((req: Request) => {
    throw new ApiError('not_found', `No operation at ${req.method} ${req.baseUrl}${req.path}. See /openapi.json for the operations.`);
  });
  return router;
}

/**
 * While the server drains for shutdown every new request gets 503 with `Retry-After` and
 * `Connection: close`, so clients move to another instance; requests already running finish.
 */
export function rejectWhileDraining(lifecycle: Lifecycle): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    assertNotDraining(lifecycle, res);
    next();
  };
}

function assertNotDraining(lifecycle: Lifecycle, res: Response): void {
  if (!lifecycle.draining) return;
  res.setHeader('Connection', 'close');
  throw new ApiError('service_temporarily_unavailable', 'The server is shutting down. Retry in a few seconds.', { retryAfterSeconds: 5 });
}

/** Steps 1 and 2 of the pipeline: identify the caller, count the request, then the checks that need no operation. */
function admitRequest(deps: AppDeps): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const header = req.get('authorization');
    const first = identify(deps, header);
    // A key created a moment ago is not in the snapshot yet: wait for one reload (throttled in
    // the access layer) rather than refuse its first use. Known keys never take this path.
    if (first.authError?.code !== 'invalid_api_key') return admit(deps, req, res, next, first);
    deps.access.reloadForUnknownKey(header).then(
      (known) => admit(deps, req, res, next, known ? identify(deps, header) : first),
      (error: unknown) => next(error),
    );
  };
}

interface Identity {
  caller?: Caller;
  authError?: ApiError;
  unexpected?: unknown;
}

function identify(deps: AppDeps, header: string | undefined): Identity {
  try {
    return { caller: deps.access.authenticate(header) };
  } catch (error) {
    return isApiError(error) ? { authError: error } : { unexpected: error };
  }
}

/**
 * Takes one request from the rate limit of the key, or of the client address, and sets the
 * X-RateLimit-* headers; then 503 while draining, 429 over the rate limit, 204 for an allowed
 * CORS preflight, or on to the operations. A thrown ApiError reaches the error handler.
 */
function admit(deps: AppDeps, req: Request, res: Response, next: NextFunction, identity: Identity): void {
  let state: RateLimitState | Promise<RateLimitState>;
  try {
    const locals = localsOf(res);
    locals.caller = identity.caller;
    locals.authError = identity.authError;
    state = deps.access.takeRequest(identity.caller ? { caller: identity.caller } : { address: req.ip ?? 'unknown' });
  } catch (error) {
    next(error);
    return;
  }
  // Only a shared limiter holding no capacity for this key answers later (one lease refill).
  if (state instanceof Promise) state.then((settled) => admitCounted(deps, req, res, next, identity, settled), next);
  else admitCounted(deps, req, res, next, identity, state);
}

function admitCounted(deps: AppDeps, req: Request, res: Response, next: NextFunction, identity: Identity, state: RateLimitState): void {
  try {
    res.setHeader('X-RateLimit-Limit', String(state.limit));
    res.setHeader('X-RateLimit-Remaining', String(state.remaining));
    res.setHeader('X-RateLimit-Reset', String(state.resetSeconds));
    localsOf(res).rateLimit = state;
    // An unexpected failure of authentication is a 500, still with the rate-limit headers.
    if (identity.unexpected !== undefined) throw identity.unexpected;
    assertNotDraining(deps.lifecycle, res);
    if (!state.allowed) {
      throw new ApiError(
        'rate_limit_exceeded',
        `Rate limit of ${state.limit} requests per window exceeded. Retry after ${state.resetSeconds} s, with exponential backoff.`,
        { retryAfterSeconds: state.resetSeconds },
      );
    }
  } catch (error) {
    next(error);
    return;
  }
  answerPreflight(req, res, next);
}

function guardOperation(deps: AppDeps, operation: Operation): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const locals = localsOf(res);
    // The route template for the request log; Express resets `req.baseUrl` once the router is done.
    locals.route = `${req.baseUrl}${(req.route as { path: string }).path}`;
    const { caller, authError } = locals;
    if (authError) throw authError;
    if (!caller) throw new ApiError('missing_api_key', 'Send your API key as `Authorization: Bearer <API_KEY>`.');
    if (!deps.rules.current().capabilities.isActive(operation.capability)) {
      throw new ApiError(
        'capability_not_available',
        `${operation.method.toUpperCase()} ${operation.path} is awaiting integration and returns no data yet. See /status for each capability's state.`,
        { capability: operation.capability },
      );
    }
    const pending = deps.access.authorize(caller, operation.capability, operation.units);
    // Only a shared live quota with no units leased to this instance answers later (one lease refill).
    if (pending) return pending.then(() => next());
    next();
  };
}

/** POST bodies: JSON only, within the size limit, and present. */
function jsonBody(deps: AppDeps): RequestHandler[] {
  const parse = express.json({ limit: deps.config.BODY_LIMIT, strict: false, type: 'application/json' });
  const requireJson: RequestHandler = (req, _res, next) => {
    const hasBody = req.get('content-length') !== undefined ? req.get('content-length') !== '0' : req.get('transfer-encoding') !== undefined;
    if (!hasBody) throw new ApiError('invalid_request', 'A JSON body is required (Content-Type: application/json).', { param: 'body' });
    if (!req.is('application/json')) {
      throw new ApiError('invalid_request', 'The body must be JSON, sent with Content-Type: application/json.', { param: 'body' });
    }
    next();
  };
  return [requireJson, parse];
}

function runOperation(deps: AppDeps, operation: Operation): RequestHandler {
  return async (req: Request, res: Response) => {
    const locals = localsOf(res);
    const caller = locals.caller;
    if (!caller) throw new ApiError('missing_api_key', 'Send your API key as `Authorization: Bearer <API_KEY>`.');
    // `req.query` parses the URL at each read: a URL without `?` has no query to look at.
    if (!operation.query && req.url.includes('?') && Object.keys(req.query).length > 0) {
      const [param] = Object.keys(req.query);
      throw new ApiError('invalid_request', `Unknown query parameter \`${param}\`: ${operation.method.toUpperCase()} ${operation.path} takes none.`, { param });
    }
    const input = {
      query: operation.query ? validateInput(operation.query, { ...req.query }, 'query') : undefined,
      params: operation.params ? validateInput(operation.params, { ...req.params }, 'path') : undefined,
      body: operation.body ? validateInput(operation.body, req.body, 'body') : undefined,
    };
    const result = await operation.handle(input, { deps, caller, requestId: locals.requestId });
    deps.access.recordUsage(caller, operation.capability, operation.units);
    res.status(200).setHeader('Content-Type', 'application/json; charset=utf-8');
    res.send(successBody(locals.requestId, operation.units, caller.mode === 'live', result));
  };
}

/** Holds the place of the request id in a body template: as long as every id newRequestId() makes. */
const REQUEST_ID_PLACEHOLDER = 'x'.repeat(REQUEST_ID_LENGTH);

/**
 * The success envelope of a result, encoded once per result and mode (live or test) with a
 * placeholder request id. The knowledge layer hands out the same result object for answers
 * computed once per rules load (country records, lists, requirements, financial rules), so those
 * bodies are serialised and encoded once; a result made per request is encoded once and dropped
 * with it. A result belongs to one operation, so its units never vary.
 */
const bodyTemplates = new WeakMap<Grounded<unknown>, { live?: Buffer; test?: Buffer }>();

/** Where the request id starts in a body template. */
const REQUEST_ID_AT = '{"request_id":"'.length;

/**
 * The success envelope (spec 2.1, 2.2) as UTF-8 bytes: `{request_id, data, meta: {units, livemode,
 * last_verified_at, sources, disclaimer}}`, in that order. A copy of the result's template with the
 * request id written in, which the socket takes as it is; a string body of several kilobytes was
 * flattened and encoded to UTF-8 again for every request (docs/performance.md: about 8 % less CPU
 * per request of GET /countries/FR).
 */
function successBody(requestId: string, units: number, livemode: boolean, result: Grounded<unknown>): Buffer {
  let templates = bodyTemplates.get(result);
  if (!templates) {
    templates = {};
    bodyTemplates.set(result, templates);
  }
  const mode = livemode ? 'live' : 'test';
  let template = templates[mode];
  if (!template) {
    template = Buffer.from(
      `{"request_id":"${REQUEST_ID_PLACEHOLDER}","data":${JSON.stringify(result.data)},"meta":{"units":${units},"livemode":${livemode},"last_verified_at":${JSON.stringify(result.lastVerifiedAt)},"sources":${JSON.stringify(result.sources)},"disclaimer":${JSON.stringify(disclaimerFor(result.sources))}}}`,
    );
    templates[mode] = template;
  }
  const body = Buffer.allocUnsafe(template.length);
  template.copy(body);
  body.write(requestId, REQUEST_ID_AT, REQUEST_ID_LENGTH, 'latin1');
  return body;
}
