/**
 * The one table of error codes (spec section 7): code → HTTP status → when it is thrown.
 * The error handler, the OpenAPI document and the catalog test all read this table,
 * so the documentation cannot drift from what the server does.
 */
export const ERROR_CODES = {
  invalid_request: {
    status: 400,
    when: 'The request is malformed: invalid JSON, a missing or non-JSON body on a POST, a missing required parameter, a parameter of the wrong type or out of range (for example `days` outside 1..90), an unknown enum value (`error.allowed` lists the values), or an unknown query parameter or body field. `error.param` names the offending parameter, or `body`.',
  },
  missing_api_key: {
    status: 401,
    when: 'No `Authorization` header was sent.',
  },
  invalid_api_key: {
    status: 401,
    when: 'The `Authorization` header is not `Bearer <key>`, the key has no `svc_test_`/`svc_live_` prefix, or no stored key has its hash.',
  },
  revoked_api_key: {
    status: 401,
    when: 'The key was revoked (directly, or by a rotation whose grace period has ended).',
  },
  expired_api_key: {
    status: 401,
    when: 'The key carries an expiry date that has passed.',
  },
  account_suspended: {
    status: 403,
    when: 'The account that owns the key is suspended.',
  },
  entitlement_disabled: {
    status: 403,
    when: 'The account is not entitled to the capability this operation belongs to.',
  },
  quota_exceeded: {
    status: 403,
    when: "A live key's plan quota of units for the current billing period is used up. It stays until the period rolls over or the plan changes.",
  },
  subscription_inactive: {
    status: 402,
    when: "A live key is used while the account's subscription is not active. Test keys keep working on the free plan.",
  },
  usage_limit_exceeded: {
    status: 429,
    when: "A short-window usage cap is reached: the test mode's daily cap of units, or a daily cap the operator set on the account. `Retry-After` says when the cap resets.",
  },
  rate_limit_exceeded: {
    status: 429,
    when: 'The request rate limit of the key (or, without a valid key, of the client address) is passed. Retry after `Retry-After` seconds, with exponential backoff.',
  },
  not_found: {
    status: 404,
    when: 'The path does not exist, or the path names a resource that does not exist (for example an unknown country code).',
  },
  unprocessable_entity: {
    status: 422,
    when: 'The request is well formed but cannot be processed, for example a valid ISO country code of a state that is not a Schengen state (Cyprus, Ireland).',
  },
  payload_too_large: {
    status: 413,
    when: 'The request body is larger than the body limit (`BODY_LIMIT`, 16 KiB by default).',
  },
  capability_not_available: {
    status: 501,
    when: 'The capability is awaiting integration (see `/status`). Never charged; the response carries no data.',
  },
  service_temporarily_unavailable: {
    status: 503,
    when: 'The server is shutting down (it finishes the requests it has and takes no new ones); `Retry-After` says when to retry, on another instance if there is one. A database outage does not cause it: requests are served from memory, and `/readyz` reports the outage.',
  },
  internal_error: {
    status: 500,
    when: 'An unexpected failure. The body carries no internal detail; quote the `request_id` when you contact support.',
  },
} as const satisfies Record<string, { status: number; when: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

/** The HTTP status the table assigns to a code. */
export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}
