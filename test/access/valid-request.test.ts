import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/http/operations/index.js';
import { validRequestFor } from '../support/valid-request.js';

describe('validRequestFor', () => {
  it.each(OPERATIONS.map((operation) => ({ id: operation.id, operation })))('builds a request that $id accepts', ({ operation }) => {
    const sample = validRequestFor(operation);
    expect(sample.method).toBe(operation.method);
    expect(sample.path).not.toMatch(/[{}]/);
    if (operation.query) expect(operation.query.safeParse(sample.query).success, JSON.stringify(sample)).toBe(true);
    if (operation.body) expect(operation.body.safeParse(sample.body).success, JSON.stringify(sample)).toBe(true);
  });
});
