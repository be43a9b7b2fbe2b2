import type { z } from 'zod';
import type { Caller } from '../access/caller.js';
import type { CapabilityId } from '../capabilities/capability-registry.js';
import type { AppDeps } from '../app-deps.js';
import type { Grounded } from './envelope.js';

export interface OperationInput<Q, P, B> {
  query: Q;
  params: P;
  body: B;
}

export interface OperationContext {
  deps: AppDeps;
  caller: Caller;
  requestId: string;
}

/**
 * One API operation, declared once: the pipeline mounts it, validates its input with its
 * schemas, and the OpenAPI document is generated from the same declaration.
 */
export interface Operation<
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
> {
  /** OpenAPI operationId, camelCase verb-noun. */
  id: string;
  method: 'get' | 'post';
  /** Path as the spec writes it, relative to the base URL: `/countries/{country}`. */
  path: `/${string}`;
  capability: CapabilityId;
  /** Metering units charged on success (spec 4.4). */
  units: number;
  summary: string;
  description: string;
  /** Query parameters; use a strict object so that unknown parameters are rejected. */
  query?: Q;
  /** Path parameters. */
  params?: P;
  /** JSON body; POST operations must declare one. */
  body?: B;
  /** Schema of the success envelope's `data`. */
  data: D;
  /** Errors this operation can answer besides the shared ones (auth, limits, 400, 500, 501, 503). */
  errors?: readonly ('not_found' | 'unprocessable_entity' | 'payload_too_large')[];
  handle(
    input: OperationInput<z.output<Q>, z.output<P>, z.output<B>>,
    context: OperationContext,
  ): Grounded<z.input<D>> | Promise<Grounded<z.input<D>>>;
}

/** Identity helper that keeps the schema types of an operation literal. */
export function defineOperation<Q extends z.ZodType, P extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(
  operation: Operation<Q, P, B, D>,
): Operation<Q, P, B, D> {
  return operation;
}

/** Express path of a spec path: `/countries/{country}` → `/countries/:country`. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
