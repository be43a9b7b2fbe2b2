import type { CapabilityId } from '../capabilities/capability-registry.js';

export type KeyMode = 'test' | 'live';

/** Who is calling: resolved from the bearer key, in memory. */
export interface Caller {
  keyId: string;
  accountId: string;
  mode: KeyMode;
}

/** The request rate limit's state, reported in the X-RateLimit-* headers. */
export interface RateLimitState {
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window (never negative). */
  remaining: number;
  /** Seconds until the current window resets (whole seconds, at least 1). */
  resetSeconds: number;
  /** Whether this request is within the limit. */
  allowed: boolean;
}

/**
 * The access layer as the request pipeline sees it. Every method runs in memory, with no
 * database query on the request path; implementations persist in the background.
 */
export interface AccessControl {
  /**
   * Resolves an `Authorization` header to a caller.
   * Throws ApiError: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key,
   * account_suspended, subscription_inactive.
   */
  authenticate(authorization: string | undefined): Caller;
  /**
   * Called when `authenticate` answered invalid_api_key for a well-formed key: reloads the keys
   * if the key may have been created since the last refresh (throttled), and says whether it is
   * known now, so that the request can authenticate again. Never throws.
   */
  reloadForUnknownKey(authorization: string | undefined): Promise<boolean>;
  /**
   * Counts one request against the rate limit of a caller, or of a client address when there is
   * none. Answers at once, except in the shared (Redis) mode for a request that found no capacity
   * held by this instance: it then resolves after one lease refill.
   */
  takeRequest(subject: { caller: Caller } | { address: string }): RateLimitState | Promise<RateLimitState>;
  /**
   * Checks, before the work is done, that the caller may spend `units` on `capability`.
   * Throws ApiError: entitlement_disabled, quota_exceeded, usage_limit_exceeded. In the shared
   * (Redis) mode, a live quota check that finds no units leased to this instance returns a
   * promise (one lease refill) that rejects with those errors instead.
   */
  authorize(caller: Caller, capability: CapabilityId, units: number): void | Promise<void>;
  /** Charges `units` to the caller's counter for its mode. Called only after a successful response. */
  recordUsage(caller: Caller, capability: CapabilityId, units: number): void;
  /** Whether the store behind it is reachable (for /readyz). */
  isReady(): Promise<boolean>;
  /** Flushes buffered usage and releases connections. */
  close(): Promise<void>;
}
