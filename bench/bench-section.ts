import autocannon from 'autocannon';
import type { ChildServer } from './api-process.js';

/** What every section gets: the API running on its embedded default, with keys a load never limits. */
export interface BenchContext {
  api: ChildServer;
  /** A live key on an unlimited plan, subscribed (live path: subscription and quota checked). */
  liveKey: string;
  /** A test key of the same account. */
  testKey: string;
  accountId: string;
  databaseUrl: string;
  connections: number;
  durationSeconds: number;
}

/** One measured load. Latencies in milliseconds. */
export interface BenchRow {
  section: string;
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Responses that were not 2xx, and socket errors: a correct run has 0. */
  failures: number;
  /** Free-form figures a section wants printed (ratio, target verdicts). */
  notes?: string;
}

/**
 * A bench section: a named group of loads. Add one to BENCH_SECTIONS (bench/sections/index.ts);
 * run only some with `npm run bench -- <section name>…`.
 */
export interface BenchSection {
  name: string;
  summary: string;
  run(context: BenchContext): Promise<BenchRow[]>;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  connections: number;
  durationSeconds: number;
  /** Seconds of unmeasured load first, so JIT and caches are warm. */
  warmupSeconds?: number;
}

/**
 * Drives autocannon at the URL (after a warm-up) and returns requests per second and latencies of
 * the measured part, and `succeeded`: the 2xx responses of warm-up and measured part together.
 */
export async function measureLoad(options: LoadOptions): Promise<Omit<BenchRow, 'section' | 'name'> & { succeeded: number }> {
  const request = {
    url: options.url,
    method: options.method ?? 'GET',
    headers: { ...(options.body !== undefined && { 'content-type': 'application/json' }), ...options.headers },
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    connections: options.connections,
  };
  const warmup = (options.warmupSeconds ?? 3) > 0 ? await autocannon({ ...request, duration: options.warmupSeconds ?? 3 }) : undefined;
  const result = await autocannon({ ...request, duration: options.durationSeconds });
  return {
    succeeded: (warmup?.['2xx'] ?? 0) + result['2xx'],
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
