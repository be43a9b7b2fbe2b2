import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { postgresConfigOf } from '../../src/access/database-url.js';
import { randomBase62 } from '../../src/lib/random-base62.js';
import { API_ENTRY, startChildServer, type ChildServer } from '../api-process.js';
import type { BenchRow, BenchSection } from '../bench-section.js';

/** The targets: a 300-per-60 s plan admits at most 303 of 600; a 500-unit quota charges ≤ 520, refusing none before 500. */
const RATE_LIMIT = 300;
const RATE_TARGET = 303;
const QUOTA = 500;
const QUOTA_TARGET = 520;

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? process.env.SVC_TEST_POSTGRES_URL ?? 'postgresql://127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.SVC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function adminQuery(url: string, sql: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client(postgresConfigOf(url));
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

interface Arrival {
  status: number;
  /** Requests in flight when this response arrived, itself included. */
  inFlight: number;
  ms: number;
}

/** `total` requests, `concurrency` at a time, the n-th to instance n mod the number of instances. */
async function load(urls: readonly string[], key: string, total: number, concurrency: number): Promise<{ arrivals: Arrival[]; seconds: number }> {
  const arrivals: Arrival[] = [];
  let next = 0;
  let inFlight = 0;
  const started = performance.now();
  const worker = async () => {
    for (let n = next++; n < total; n = next++) {
      inFlight += 1;
      const sent = performance.now();
      let status = 0;
      try {
        const res = await fetch(urls[n % urls.length] as string, { headers: { Authorization: `Bearer ${key}` } });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
      arrivals.push({ status, inFlight, ms: performance.now() - sent });
      inFlight -= 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { arrivals, seconds: (performance.now() - started) / 1000 };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0) * 10) / 10;
}

/** Waits until the current 60 s window has at least 15 s left, so a load stays inside one window. */
async function earlyInWindow(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/**
 * The multi-instance mode under the loads: 2 and 3 API processes (src/main.ts) on one
 * fresh PostgreSQL database and the Redis at REDIS_URL, one key on a plan of 300 requests per
 * 60 s, 600 requests split across the instances at 10 and at 50 concurrent, BENCH_ROUNDS times
 * each (a new key each time); and a live quota of 500 units loaded with 700 requests through two
 * instances at 20 concurrent. Skipped, saying why, without PostgreSQL or Redis.
 */
export const sharedLimits: BenchSection = {
  name: 'shared-limits',
  summary: 'Rate limit (300 / 60 s, 600 requests) and live quota (500 units) held across 2 and 3 instances sharing PostgreSQL and Redis',
  async run(): Promise<BenchRow[]> {
    const database = `svc_bench_${randomBase62(10).toLowerCase()}`;
    try {
      await adminQuery(ADMIN_URL, `CREATE DATABASE ${database}`);
    } catch (error) {
      console.log(`shared-limits skipped: PostgreSQL at ${ADMIN_URL} is not reachable (${error instanceof Error ? error.message : String(error)})`);
      return [];
    }
    const url = ADMIN_URL.replace(/\/[^/?]+(\?.*)?$/, `/${database}$1`);
    const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
    const instances: ChildServer[] = [];
    const rows: BenchRow[] = [];
    /** Every 200 of every load: after SIGTERM the stored units must equal it (each call costs 1 unit). */
    let answered200 = 0;
    try {
      const { migrateDatabase } = await import('../../src/access/migrate-database.js');
      const { PrismaAccessStore } = await import('../../src/access/prisma-access-store.js');
      await migrateDatabase(url);
      const store = new PrismaAccessStore(url);
      const rateKeys: string[] = [];
      let quotaKey: { key: string; accountId: string };
      try {
        await store.createPlan({ id: 'rate300', name: '300 per minute', rateLimitRequests: RATE_LIMIT, rateLimitWindowSeconds: 60, unitsPerPeriod: null, dailyUnitCap: null });
        await store.createPlan({ id: 'quota500', name: '500 units', rateLimitRequests: 1_000_000, rateLimitWindowSeconds: 60, unitsPerPeriod: QUOTA, dailyUnitCap: null });
        const rateAccount = await store.createAccount({ name: 'Rate', planId: 'rate300', testPlanId: 'rate300', subscriptionStatus: 'active' });
        for (let i = 0; i < rounds * 4; i += 1) rateKeys.push((await store.createKey({ accountId: rateAccount.id, mode: 'test' })).key);
        const quotaAccount = await store.createAccount({ name: 'Quota', planId: 'quota500', testPlanId: 'quota500', subscriptionStatus: 'active' });
        quotaKey = { key: (await store.createKey({ accountId: quotaAccount.id, mode: 'live' })).key, accountId: quotaAccount.id };
      } finally {
        await store.close();
      }
      const env = { DATABASE_URL: url, REDIS_URL, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' };
      for (let i = 0; i < 3; i += 1) instances.push(await startChildServer(API_ENTRY, env));
      const urlsOf = (count: number) => instances.slice(0, count).map((instance) => `${instance.url}/api/v1/countries`);

      let keyIndex = 0;
      for (const count of [2, 3]) {
        for (const concurrency of [10, 50]) {
          const admitted: number[] = [];
          let failures = 0;
          let requests = 0;
          let seconds = 0;
          const latencies: number[] = [];
          for (let round = 0; round < rounds; round += 1) {
            await earlyInWindow();
            const result = await load(urlsOf(count), rateKeys[keyIndex++] as string, 2 * RATE_LIMIT, concurrency);
            admitted.push(result.arrivals.filter((a) => a.status === 200).length);
            answered200 += admitted[admitted.length - 1] ?? 0;
            failures += result.arrivals.filter((a) => a.status !== 200 && a.status !== 429).length;
            requests += result.arrivals.length;
            seconds += result.seconds;
            latencies.push(...result.arrivals.map((a) => a.ms));
          }
          const worst = Math.max(...admitted);
          rows.push({
            section: this.name,
            name: `${count} instances, ${concurrency} concurrent: 600 requests, limit 300 / 60 s`,
            requestsPerSecond: requests / seconds,
            p50: percentile(latencies, 50),
            p99: percentile(latencies, 99),
            failures,
            notes: `admitted ${admitted.join(', ')} of 600 in ${rounds} round(s) (target ≤ ${RATE_TARGET}: ${worst <= RATE_TARGET ? 'met' : 'MISSED'})`,
          });
        }
      }

      const quota = await load(urlsOf(2), quotaKey.key, QUOTA + 200, 20);
      // Let every instance give back its leases and write its usage (USAGE_FLUSH_INTERVAL_MS 1 s).
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const charged = Number(
        (await adminQuery(url, "SELECT COALESCE(SUM(units), 0) AS units FROM usage_counters WHERE account_id = $1 AND mode = 'live'", [quotaKey.accountId])).rows[0]?.units ?? 0,
      );
      const { arrivals } = quota;
      const ok = arrivals.filter((a) => a.status === 200).length;
      answered200 += ok;
      const refused = arrivals.filter((a) => a.status === 403).length;
      // "Before 500": fewer than 500 successes had arrived, even counting every request in flight at that moment as one to come.
      let successes = 0;
      let early = 0;
      let firstRefusalAfter: number | null = null;
      for (const arrival of arrivals) {
        if (arrival.status === 200) successes += 1;
        if (arrival.status === 403) {
          firstRefusalAfter ??= successes;
          if (successes + arrival.inFlight - 1 < QUOTA) early += 1;
        }
      }
      rows.push({
        section: this.name,
        name: `2 instances, 20 concurrent: 700 requests, live quota ${QUOTA} units`,
        requestsPerSecond: arrivals.length / quota.seconds,
        p50: percentile(arrivals.map((a) => a.ms), 50),
        p99: percentile(arrivals.map((a) => a.ms), 99),
        failures: arrivals.length - ok - refused,
        notes: `${ok} answered 200, ${refused} refused 403 (the first after ${firstRefusalAfter ?? '-'} successes); charged ${charged} units (target ≤ ${QUOTA_TARGET} and ≥ ${QUOTA}: ${charged <= QUOTA_TARGET && charged >= QUOTA ? 'met' : 'MISSED'}); refusals before ${QUOTA}: ${early} (target 0: ${early === 0 ? 'met' : 'MISSED'})`,
      });
    } finally {
      const codes = await Promise.all(instances.map((instance) => instance.stop('SIGTERM')));
      codes.forEach((code, index) => {
        if (code !== 0) console.error(`instance ${index + 1} exited with ${code} on SIGTERM:\n${instances[index]?.output() ?? ''}`);
      });
      if (instances.length > 0 && rows.length > 0) {
        const stored = Number((await adminQuery(url, 'SELECT COALESCE(SUM(units), 0) AS units FROM usage_counters')).rows[0]?.units ?? 0);
        console.log(`after SIGTERM of every instance: ${stored} units stored for ${answered200} responses 200 (${stored === answered200 ? 'exact' : 'MISMATCH'})`);
      }
      const logged = instances.map((instance) => instance.output()).join('').split('\n').filter((line) => line.includes('"level":"warn"') || line.includes('"level":"error"'));
      if (logged.length > 0) console.log(`warnings and errors logged by the instances:\n${logged.join('\n')}`);
      await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    }
    return rows;
  },
};
