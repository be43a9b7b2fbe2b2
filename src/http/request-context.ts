import type { Request, Response, NextFunction } from 'express';
import type { Caller, RateLimitState } from '../access/caller.js';
import type { ApiError } from '../errors/api-error.js';
import { randomBase62 } from '../lib/random-base62.js';
import type { Logger } from '../logger.js';

/** Per-request state the pipeline keeps in `res.locals`. */
export interface RequestLocals {
  requestId: string;
  /** The caller, once the bearer key resolved. */
  caller?: Caller;
  /** Why the bearer key did not resolve; thrown by operations, not by unknown paths. */
  authError?: ApiError;
  /** The matched route template with its base (`/v1/countries/:country`), set by the API router. */
  route?: string;
  /** The rate-limit state of this request (API paths only), once counted. */
  rateLimit?: RateLimitState;
  /** An allowed CORS preflight, answered 204 once the rate-limit headers are set. */
  preflight?: boolean;
}

export function localsOf(res: Response): RequestLocals {
  return res.locals as RequestLocals;
}

/** A request id, `req_` and 24 base62 characters: always this many ASCII characters, never escaped in JSON. */
export function newRequestId(): string {
  return `req_${randomBase62(24)}`;
}

/** The length of every id newRequestId() makes. */
export const REQUEST_ID_LENGTH = 'req_'.length + 24;

/**
 * Gives every request its id (also the `X-Request-Id` header) and logs one line when the
 * response is finished. The line never holds the `Authorization` header or a key, only the key id.
 */
export function requestContext(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    const locals = localsOf(res);
    locals.requestId = newRequestId();
    res.setHeader('X-Request-Id', locals.requestId);
    res.on('finish', () => {
      logger.info('request', {
        request_id: locals.requestId,
        method: req.method,
        route: locals.route ?? routeOf(req),
        status: res.statusCode,
        duration_ms: Math.round(Number(process.hrtime.bigint() - started) / 1e3) / 1e3,
        key_id: locals.caller?.keyId ?? null,
      });
    });
    next();
  };
}

/** The matched route template (`/api/v1/countries/:country`), not the raw URL, so logs hold no user data. */
function routeOf(req: Request): string {
  const route = req.route as { path?: unknown } | undefined;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  return '(unmatched)';
}
