import type { z } from 'zod';
import { ApiError } from '../errors/api-error.js';

type Location = 'query' | 'path' | 'body';

/**
 * Parses one part of the request with its schema. A failure becomes 400 invalid_request that
 * names the parameter (`error.param`), says what it must be, and lists the allowed values of
 * an enum.
 */
export function validateInput<S extends z.ZodType>(schema: S, value: unknown, location: Location): z.output<S> {
  if (location === 'body') return parseInput(schema, value, location);
  // Path and query parameters are a few short strings that repeat from request to request
  // (`/countries/FR`): each valid set is parsed once and its frozen result reused. A set that
  // fails is parsed every time (it is an error response), so only valid sets fill the memo, and it
  // is cleared when full.
  const memo = memoOf(schema);
  const key = JSON.stringify(value);
  const known = memo.get(key);
  if (known !== undefined) return known as z.output<S>;
  const parsed = parseInput(schema, value, location);
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(key, Object.freeze(parsed));
  return parsed;
}

/** How many valid parameter sets each schema remembers. */
const MEMO_SIZE = 1_000;

const memos = new WeakMap<z.ZodType, Map<string, unknown>>();

function memoOf(schema: z.ZodType): Map<string, unknown> {
  let memo = memos.get(schema);
  if (memo === undefined) {
    memo = new Map();
    memos.set(schema, memo);
  }
  return memo;
}

function parseInput<S extends z.ZodType>(schema: S, value: unknown, location: Location): z.output<S> {
  // reportInput: without it zod leaves `issue.input` unset and every failure would read as "missing".
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new ApiError('invalid_request', `The request ${location} is invalid.`);
  return rejectIssue(issue, location);
}

function rejectIssue(issue: z.core.$ZodIssue, location: Location): never {
  if (issue.code === 'unrecognized_keys') {
    const [key] = issue.keys;
    throw new ApiError('invalid_request', `Unknown ${location === 'body' ? 'body field' : `${location} parameter`} \`${key}\`.`, {
      param: key,
    });
  }
  const param = issue.path.map(String).join('.');
  if (!param) {
    throw new ApiError('invalid_request', location === 'body' ? 'The request body must be a JSON object.' : `The request ${location} is invalid: ${issue.message}.`, {
      param: location === 'body' ? 'body' : undefined,
    });
  }
  const received = issue.input === undefined ? 'missing' : null;
  if (received === 'missing') {
    throw new ApiError('invalid_request', `Missing required ${location === 'body' ? 'body field' : `${location} parameter`} \`${param}\`.`, { param });
  }
  if (issue.code === 'invalid_value') {
    const allowed = issue.values.map(String);
    throw new ApiError('invalid_request', `\`${param}\` must be one of: ${allowed.join(', ')}.`, { param, allowed });
  }
  throw new ApiError('invalid_request', `\`${param}\` ${describeIssue(issue)}.`, { param });
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_small' || issue.code === 'too_big' || issue.code === 'invalid_format' || issue.code === 'custom') {
    return issue.message.startsWith('must') ? issue.message : `is invalid: ${issue.message}`;
  }
  if (issue.code === 'invalid_type') return `must be ${issue.expected === 'int' ? 'an integer' : `a ${issue.expected}`}`;
  return `is invalid: ${issue.message}`;
}
