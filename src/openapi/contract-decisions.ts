/** Where the site serves the decisions as a page of their own (the reference links to it). */
export const DECISIONS_PAGE_PATH = '/docs/decisions';

/** One decision on an item the specification leaves "not shown", or on a point it leaves open. */
export interface ContractDecision {
  /** What was open, with the spec section. */
  topic: string;
  /** What the service does. Markdown, one paragraph, no `|` (it is a table cell of docs/decisions.md). */
  decision: string;
}

/**
 * The decisions of the v1 contract, written once: the site's decisions page renders them, the
 * OpenAPI description links to it, and docs/decisions.md's table must list the same rows (the contract catalog test compares
 * them), so the two cannot drift apart.
 */
export const CONTRACT_DECISIONS: readonly ContractDecision[] = [
  {
    topic: 'Fields inside `data` (2.1), body fields (4.1)',
    decision:
      'Each operation declares its `data` and its body as zod schemas; `/openapi.json` is generated from them. Unknown body fields and unknown query parameters are rejected with 400 `invalid_request` naming the field, so a typo never passes silently.',
  },
  {
    topic: 'States and transitions (3)',
    decision:
      'None are exposed. Key modes come from the key prefix; each capability is `active` or `awaiting_integration` in `rules/capabilities.json`, published on `/status`.',
  },
  {
    topic: '`country` format and allowed values (4.2)',
    decision:
      'ISO 3166-1 alpha-2 of one of the 29 Schengen states, case-insensitive (`fr` = `FR`; `EL` is accepted for Greece). Not two letters → 400 `invalid_request`; a well-formed code of a country that is not a Schengen state (e.g. `IE`, `CY`) → 422 `unprocessable_entity`; any other code → 404 `not_found`. `GET /countries` lists the states.',
  },
  {
    topic: '`topic` and `provider` allowed values (4.2)',
    decision:
      '`topic` is an enum published in `/openapi.json` (an unknown value → 400 with `error.allowed`). `provider` takes any string of 1 to 100 characters until appointments are integrated; the call answers 501 meanwhile.',
  },
  {
    topic: 'Which capabilities are active (4.3)',
    decision:
      '`GET /status` (HTML) and `GET /status.json`, no key needed. The state lives in `rules/capabilities.json`; changing it is a data edit picked up on restart or `SIGHUP`, no code change.',
  },
  {
    topic: 'Order of checks',
    decision:
      '1) shutting down → 503; 2) rate limit, per key or per client address when the key does not resolve → 429; then an allowed CORS preflight → 204 (with the rate-limit headers); 3) unknown path → 404, a path that is not valid percent-encoding → 400 (no key needed); 4) authentication → 401/402/403; 5) awaiting capability → 501; 6) entitlement, quota, usage cap → 403/429; 7) body size and JSON → 413/400; 8) parameters and body fields → 400; 9) the operation → 404/422, or 200 and the units are charged. A request refused at any step is not charged.',
  },
  {
    topic: '`meta.last_verified_at` (2.2)',
    decision:
      'The oldest verification date among the facts the response uses (a response is only as fresh as its stalest part). When any of those facts has no known verification date (the research could not date its source), it is `null`: no date is claimed for information not verified on or after it. Each fact in `data` carries its own `last_verified_at`, so a client sees which part is undated. `meta.sources` lists exactly the sources of those facts, each with its `last_checked_at` (null when unknown).',
  },
  {
    topic: 'Request size limit (8.6)',
    decision:
      'POST bodies up to 16 KiB (`BODY_LIMIT`, e.g. `16kb`); a larger body → 413 `payload_too_large`. POST bodies must be a JSON object sent as `Content-Type: application/json`; no body, an empty body or another type → 400 with `error.param` = `body`.',
  },
  {
    topic: 'Rate limits and `X-RateLimit-Reset` (8.5)',
    decision:
      '`X-RateLimit-Reset` is the number of whole seconds (≥ 1) until the current window resets, not a timestamp. Limits are per key and per plan; a request whose key does not resolve counts against its client address (`ANONYMOUS_RATE_LIMIT_PER_MINUTE`, 60 by default). A 429 carries `Retry-After` in seconds (the same value as `error.retry_after`).',
  },
  {
    topic: '`quota_exceeded` (403) versus `usage_limit_exceeded` (429) (7.4)',
    decision:
      '403 `quota_exceeded`: a live key\'s plan quota for the billing period is used up; waiting a few seconds will not help. 429 `usage_limit_exceeded`: a short-window cap (the test mode\'s daily cap, or an operator\'s daily cap) is reached; `Retry-After` says when it resets.',
  },
  {
    topic: 'Quota amounts per plan (8.7), key operations (5)',
    decision:
      'Plans and their numbers are data in the database, managed with the operator CLI (`npx svc`), like keys (create, list, rotate, revoke); the API exposes no key management.',
  },
  {
    topic: 'Events and webhooks (6)',
    decision: 'None in v1.',
  },
  {
    topic: 'Unknown paths and methods',
    decision:
      'Any path or method that names no operation, under `/api/v1`, `/v1` or elsewhere, → 404 `not_found` in the error envelope (no 405). A trailing slash is accepted. Under an API base the rate-limit headers are sent too.',
  },
  {
    topic: 'Base paths',
    decision:
      '`/api/v1` is the base URL; `/v1` serves the same operations, as the reference writes them. `/openapi.json`, `/docs`, `/status`, `/status.json`, `/healthz` and `/readyz` are at the host root.',
  },
  {
    topic: 'Errors while shutting down or when a dependency is down',
    decision:
      'While draining for shutdown: 503 `service_temporarily_unavailable` with `Retry-After: 5`, `Connection: close` and `Cache-Control: no-store`. The server does not start without valid rules and a reachable database; once running it answers from memory, so a database outage does not fail requests (usage waits in memory and is written when the database is back) and `/readyz` reports it with 503. An unexpected failure → 500 `internal_error` with no internal detail; the server logs it with the `request_id`.',
  },
  {
    topic: 'Deprecation and change policy (9.3)',
    decision:
      'Within v1 changes are additive only (new operations, new optional fields, new `error` extras). A breaking change ships as `/api/v2`; v1 then stays served for at least 6 months, and its responses carry `Deprecation` and `Sunset` headers (RFC 9745, RFC 8594) during that time.',
  },
];
