import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Operation } from '../../src/http/operation.js';
import { createLogger, type Logger, type LogLevel } from '../../src/logger.js';
import { validRequestFor, type SampleRequest } from '../support/valid-request.js';

/**
 * A copy of ./rules in a temporary folder with the given capability states (all `active` by
 * default): turning a capability on is a registry edit, so this is how a test reaches an awaiting
 * operation's parameter checks. Returns the folder and a function that removes it.
 */
export function copyRulesWithStates(state: 'active' | 'awaiting_integration' = 'active'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-rules-'));
  cpSync('rules', dir, { recursive: true });
  const file = join(dir, 'capabilities.json');
  const registry = JSON.parse(readFileSync(file, 'utf8')) as { capabilities: { state: string }[] };
  for (const capability of registry.capabilities) capability.state = state;
  writeFileSync(file, JSON.stringify(registry, null, 2));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A real logger whose JSON lines are kept in memory, to read what the server logged. */
export function captureLogger(level: LogLevel = 'debug'): { logger: Logger; lines: string[]; records: () => Record<string, unknown>[] } {
  const lines: string[] = [];
  const logger = createLogger(level, (line) => lines.push(line));
  return { logger, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** `req_` and at least 20 base62 characters (spec 2.1: `req_` and opaque characters). */
export const REQUEST_ID = /^req_[A-Za-z0-9]{20,}$/;

export const API_BASES = ['/api/v1', '/v1'] as const;

const QUESTION = 'Which documents do I need for a tourist Schengen visa to France?';

/**
 * A valid request for an operation: validRequestFor's, or for a POST whose body it cannot build,
 * a body holding one question (what POST /route, /classify and /answer take).
 */
export function sampleRequest(operation: Operation): SampleRequest {
  try {
    return validRequestFor(operation);
  } catch (error) {
    const body = { question: QUESTION };
    if (operation.method !== 'post' || !operation.body?.safeParse(body).success) throw error;
    return { method: 'post', path: operation.path, query: {}, body };
  }
}
