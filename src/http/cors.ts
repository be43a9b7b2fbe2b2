import type { Request, Response, NextFunction, RequestHandler } from 'express';
import { localsOf } from './request-context.js';

/**
 * CORS is off unless origins are configured (`CORS_ORIGINS`, comma-separated, or `*`).
 * Browsers then may call the API from those origins with the Authorization header.
 * This sets the CORS headers; `answerPreflight` ends an allowed preflight, placed after the
 * API's rate-limit step so that a preflight under the API base carries the X-RateLimit-* headers
 * like every other response (spec 8.1).
 */
export function cors(origins: readonly string[]): RequestHandler {
  const any = origins.includes('*');
  const allowed = new Set(origins);
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.get('origin');
    if (!origin || (!any && !allowed.has(origin))) return next();
    res.setHeader('Access-Control-Allow-Origin', any ? '*' : origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', 'X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      res.setHeader('Access-Control-Max-Age', '600');
      localsOf(res).preflight = true;
    }
    next();
  };
}

/** Answers an allowed CORS preflight with 204 and no body; any other request goes on. */
export const answerPreflight: RequestHandler = (_req, res, next) => {
  if (!localsOf(res).preflight) return next();
  res.status(204).end();
};
