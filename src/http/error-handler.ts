import type { Request, Response, NextFunction } from 'express';
import { ApiError, isApiError } from '../errors/api-error.js';
import type { Logger } from '../logger.js';
import type { ErrorEnvelope } from './envelope.js';
import { localsOf } from './request-context.js';

/** Turns body-parser's and the router's errors into the coded errors of the table; anything else is unexpected. */
function toApiError(error: unknown): ApiError | undefined {
  if (isApiError(error)) return error;
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.too.large') {
    const limit = (error as { limit?: number }).limit;
    return new ApiError('payload_too_large', `The request body is larger than the limit of ${limit ?? 'the configured'} bytes.`, {
      param: 'body',
    });
  }
  if (type === 'entity.parse.failed') {
    return new ApiError('invalid_request', 'The request body is not valid JSON.', { param: 'body' });
  }
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new ApiError('invalid_request', 'The request body must be UTF-8 JSON.', { param: 'body' });
  }
  if (type === 'request.aborted' || type === 'request.size.invalid') {
    return new ApiError('invalid_request', 'The request body was incomplete.', { param: 'body' });
  }
  // Express's router throws a URIError when a path segment is not valid percent-encoding
  // (`/countries/%ZZ`): the caller's mistake, not ours.
  if (error instanceof URIError) {
    return new ApiError('invalid_request', 'The request path is not valid percent-encoding (RFC 3986): encode each character of a parameter as UTF-8.');
  }
  return undefined;
}

export function errorEnvelope(requestId: string, error: ApiError): ErrorEnvelope {
  const { param, allowed, capability, retryAfterSeconds } = error.details;
  return {
    request_id: requestId,
    error: {
      code: error.code,
      message: error.message,
      ...(param !== undefined && { param }),
      ...(allowed !== undefined && { allowed: [...allowed] }),
      ...(capability !== undefined && { capability }),
      ...(retryAfterSeconds !== undefined && { retry_after: retryAfterSeconds }),
    },
  };
}

/** Sends an ApiError as the error envelope, with `Retry-After` where the error carries one. */
export function sendError(res: Response, error: ApiError): void {
  if (error.details.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.details.retryAfterSeconds));
  if (error.code === 'capability_not_available' || error.status >= 500) res.setHeader('Cache-Control', 'no-store');
  res.status(error.status).json(errorEnvelope(localsOf(res).requestId, error));
}

/**
 * The one error handler: coded errors keep their code; anything else is logged with its stack
 * and answered 500 internal_error with no internal detail.
 */
export function errorHandler(logger: Logger) {
  return (error: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    const apiError =
      toApiError(error) ??
      new ApiError('internal_error', 'An unexpected error occurred. Quote the request_id if you contact support.');
    if (apiError.code === 'internal_error') {
      logger.error('unexpected error', {
        request_id: localsOf(res).requestId,
        error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
      });
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    sendError(res, apiError);
  };
}
