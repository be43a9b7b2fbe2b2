import { statusOf, type ErrorCode } from './error-codes.js';

/** Extra, documented fields that travel inside `error` next to `code` and `message`. */
export interface ApiErrorDetails {
  /** The request parameter (query, path or body field) that caused the error. */
  param?: string;
  /** Allowed values, when the parameter is an enum. */
  allowed?: readonly string[];
  /** Seconds until a retry may succeed; also sent as the `Retry-After` header. */
  retryAfterSeconds?: number;
  /** The capability concerned (501, 403 entitlement). */
  capability?: string;
}

/**
 * The one error type of the service. Throw it anywhere below the HTTP layer; the error
 * handler turns it into the error envelope with the status from the code table.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ApiErrorDetails;

  constructor(code: ErrorCode, message: string, details: ApiErrorDetails = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = statusOf(code);
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
