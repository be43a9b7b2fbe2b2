import { createHash } from 'node:crypto';
import { ApiError } from '../errors/api-error.js';
import { randomBase62 } from '../lib/random-base62.js';
import type { KeyMode } from './caller.js';

/** The two key prefixes; the prefix alone tells the mode. */
export const KEY_PREFIXES: Readonly<Record<KeyMode, string>> = { test: 'svc_test_', live: 'svc_live_' };

/** Random base62 characters after the prefix: 40 characters ≈ 238 bits of entropy. */
export const KEY_RANDOM_LENGTH = 40;

const EXPECTED_FORM = 'Send `Authorization: Bearer <API_KEY>` where the key starts with `svc_test_` or `svc_live_`.';

/** A freshly made key: the plaintext (shown once, never stored), its hash and display hint. */
export interface NewApiKey {
  key: string;
  hash: string;
  hint: string;
  mode: KeyMode;
}

/** SHA-256 of the whole key as lower-case hex: what the store keeps and looks keys up by. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The display hint: prefix, an ellipsis, and the last four characters (`svc_live_…a1B2`). */
export function hintOf(key: string): string {
  const mode = modeOfKey(key);
  const prefix = mode ? KEY_PREFIXES[mode] : '';
  return `${prefix}…${key.slice(-4)}`;
}

/** Makes a key of the mode with the OS CSPRNG. */
export function generateApiKey(mode: KeyMode): NewApiKey {
  const key = `${KEY_PREFIXES[mode]}${randomBase62(KEY_RANDOM_LENGTH)}`;
  return { key, hash: hashApiKey(key), hint: hintOf(key), mode };
}

/** The mode a key's prefix announces, or undefined when it has neither prefix. */
export function modeOfKey(token: string): KeyMode | undefined {
  if (token.startsWith(KEY_PREFIXES.test)) return 'test';
  if (token.startsWith(KEY_PREFIXES.live)) return 'live';
  return undefined;
}

/**
 * Reads the bearer token of an `Authorization` header, before any lookup.
 * Throws ApiError missing_api_key when the header is absent or blank; invalid_api_key (with the
 * expected form in the message) when it is not `Bearer <token>` or the token has no known prefix
 * or characters a key cannot contain.
 */
export function parseAuthorization(header: string | undefined): { token: string; mode: KeyMode } {
  if (header === undefined || header.trim() === '') {
    throw new ApiError('missing_api_key', `No API key was sent. ${EXPECTED_FORM}`);
  }
  const match = /^Bearer +([^\s]+) *$/i.exec(header);
  if (!match?.[1]) throw new ApiError('invalid_api_key', `The Authorization header is malformed. ${EXPECTED_FORM}`);
  const token = match[1];
  const mode = modeOfKey(token);
  if (!mode || !/^svc_(test|live)_[0-9A-Za-z]{32,128}$/.test(token)) {
    throw new ApiError('invalid_api_key', `The API key is not in the expected form. ${EXPECTED_FORM}`);
  }
  return { token, mode };
}
