import Database from 'better-sqlite3';
import express from 'express';
import { z } from 'zod';
import type { KeyMode } from '../../src/access/caller.js';
import { createApiRouter } from '../../src/http/api-router.js';
import { errorHandler } from '../../src/http/error-handler.js';
import { defineOperation, type Operation } from '../../src/http/operation.js';
import { OPERATIONS } from '../../src/http/operations/index.js';
import { requestContext } from '../../src/http/request-context.js';
import type { TestApp } from '../support/harness.js';
import { validRequestFor, type SampleRequest } from '../support/valid-request.js';

/**
 * An operation of the test's own, used only while the API has no active 1-unit operation yet:
 * it goes through the real pipeline (createApiRouter) like any other.
 */
const probeOperation = defineOperation({
  id: 'probeAccess',
  method: 'get',
  path: '/access-probe',
  capability: 'countries',
  units: 1,
  summary: 'Test probe',
  description: 'Answers an empty list; exists only in the access tests.',
  data: z.array(z.string()),
  handle: () => ({ data: [], sources: [], lastVerifiedAt: null }),
});

export interface MeteredTarget {
  app: express.Express;
  sample: SampleRequest;
  operation: Operation;
}

/**
 * A successful, metered 1-unit call to use when a test is about limits rather than an endpoint:
 * GET /countries when it is active, else the first active 1-unit operation of the API, else
 * the probe operation mounted on the real pipeline.
 */
export function meteredTarget(t: TestApp): MeteredTarget {
  const capabilities = t.deps.rules.current().capabilities;
  const active = OPERATIONS.filter((operation) => operation.units === 1 && capabilities.isActive(operation.capability));
  const real = active.find((operation) => operation.path === '/countries') ?? active[0];
  if (real) return { app: t.app, sample: validRequestFor(real), operation: real };
  const app = express();
  app.use(requestContext(t.deps.logger));
  app.use('/api/v1', createApiRouter(t.deps, [probeOperation as unknown as Operation]));
  app.use(errorHandler(t.deps.logger));
  return { app, sample: { method: 'get', path: '/access-probe', query: {} }, operation: probeOperation as unknown as Operation };
}

/** Units and requests stored in the SQLite file for an account and mode (all days, all capabilities). */
export function storedUsage(databasePath: string, accountId: string, mode: KeyMode): { units: number; requests: number } {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('SELECT COALESCE(SUM(units), 0) AS units, COALESCE(SUM(requests), 0) AS requests FROM usage_counters WHERE account_id = ? AND mode = ?')
      .get(accountId, mode) as { units: number; requests: number };
    return { units: row.units, requests: row.requests };
  } finally {
    db.close();
  }
}
