import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isApiError } from '../../src/errors/api-error.js';
import { CountryCodeParamSchema } from '../../src/http/operations/shared-params.js';
import { validateInput } from '../../src/http/validate-input.js';

/** The code and param of the ApiError `run` throws. */
function refusal(run: () => unknown): { code: string; param: unknown } {
  try {
    run();
  } catch (error) {
    if (isApiError(error)) return { code: error.code, param: error.details?.param };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('validateInput: path and query parameters, parsed once per valid set', () => {
  const Params = z.strictObject({ country: CountryCodeParamSchema });

  it('gives the same parsed result for the same parameters, frozen so that no handler can change it for the next request', () => {
    const first = validateInput(Params, { country: 'fr' }, 'path');
    const second = validateInput(Params, { country: 'fr' }, 'path');
    expect(first).toEqual({ country: 'FR' });
    expect(second).toEqual({ country: 'FR' });
    expect(Object.isFrozen(second)).toBe(true);
    expect(validateInput(Params, { country: 'De' }, 'path')).toEqual({ country: 'DE' });
  });

  it('refuses an invalid set every time, before and after valid ones', () => {
    const bad = () => validateInput(Params, { country: 'FRA' }, 'path');
    expect(refusal(bad)).toEqual({ code: 'invalid_request', param: 'country' });
    validateInput(Params, { country: 'FR' }, 'path');
    expect(refusal(bad)).toEqual({ code: 'invalid_request', param: 'country' });
    expect(refusal(() => validateInput(Params, { country: 'FR', extra: '1' }, 'path'))).toEqual({ code: 'invalid_request', param: 'extra' });
  });

  it('stays right past the number of sets it remembers', () => {
    const Query = z.strictObject({ days: z.coerce.number().int().min(1).max(5000) });
    for (let days = 1; days <= 2_500; days += 1) expect(validateInput(Query, { days: String(days) }, 'query')).toEqual({ days });
    expect(validateInput(Query, { days: '7' }, 'query')).toEqual({ days: 7 });
    expect(refusal(() => validateInput(Query, { days: '0' }, 'query')).code).toBe('invalid_request');
  });

  it('parses a body every time (bodies are not remembered)', () => {
    const Body = z.strictObject({ question: z.string().min(1) });
    const body = { question: 'What is the fee?' };
    expect(validateInput(Body, body, 'body')).toEqual(body);
    expect(Object.isFrozen(validateInput(Body, body, 'body'))).toBe(false);
  });
});
