// `npm run bench [-- <section>…]`: starts the API as users run it (the compiled dist/main.js,
// NODE_ENV=production, LOG_LEVEL=info: one JSON log line per request, to a pipe this process reads)
// on its embedded default (a fresh SQLite file) as a child process, provisions an account and keys
// with the operator's CLI, and runs each bench section with autocannon. Environment:
// BENCH_CONNECTIONS (50), BENCH_DURATION seconds per load (10), BENCH_ROUNDS of metered-vs-bare (3),
// BENCH_STARTS of start-up (3), BENCH_LOG_LEVEL of the API (info).
import { loadavg } from 'node:os';
import { API_ENTRY, PRODUCTION_ENV, provisionUnlimitedKey, startChildServer, svcJson, tempDatabase } from './api-process.js';
import type { BenchContext, BenchRow } from './bench-section.js';
import { BENCH_SECTIONS } from './sections/index.js';

function positiveInteger(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`${name} must be a whole number ≥ 1; got "${value}"`);
  return Number(value);
}

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

function printRows(rows: readonly BenchRow[]): void {
  const table = rows.map((row) => ({
    section: row.section,
    load: row.name,
    'req/s': Math.round(row.requestsPerSecond),
    'p50 ms': row.p50,
    'p99 ms': row.p99,
    failures: row.failures,
  }));
  console.table(table);
  for (const row of rows) if (row.notes) console.log(`${row.section} / ${row.name}: ${row.notes}`);
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !BENCH_SECTIONS.some((section) => section.name === name));
  if (unknown.length > 0) throw new Error(`unknown bench section(s): ${unknown.join(', ')}; sections: ${BENCH_SECTIONS.map((s) => s.name).join(', ')}`);
  const sections = wanted.length > 0 ? BENCH_SECTIONS.filter((section) => wanted.includes(section.name)) : BENCH_SECTIONS;

  const database = tempDatabase();
  const { key: liveKey, accountId } = provisionUnlimitedKey(database.url, 'live');
  const { key: testKey } = svcJson(database.url, 'keys', 'create', '--account', accountId, '--mode', 'test') as { key: string };
  const api = await startChildServer(API_ENTRY, { ...PRODUCTION_ENV, DATABASE_URL: database.url, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' });
  const context: BenchContext = {
    api,
    liveKey,
    testKey,
    accountId,
    databaseUrl: database.url,
    connections: positiveInteger('BENCH_CONNECTIONS', 50),
    durationSeconds: positiveInteger('BENCH_DURATION', 10),
  };
  console.log(
    `API ${API_ENTRY} on ${api.url} (SQLite ${database.path}, NODE_ENV=production, LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? 'info'}); ${context.connections} connections, ${context.durationSeconds} s per load after a 3 s warm-up.`,
  );
  console.log(`Load average before: ${loadAverage()} (other processes on this machine skew every figure).`);
  const rows: BenchRow[] = [];
  try {
    for (const section of sections) {
      console.log(`\n# ${section.name}: ${section.summary}`);
      const sectionRows = await section.run(context);
      printRows(sectionRows);
      rows.push(...sectionRows);
    }
  } finally {
    const code = await api.stop('SIGTERM');
    if (code !== 0) console.error(`the API exited with ${code} on SIGTERM:\n${api.output()}`);
    const usage = svcJson(database.url, 'usage', '--account', accountId) as { usage: { mode: string; units: number; requests: number }[] };
    console.log(`\nUnits the API persisted for the bench account: ${usage.usage.map((row) => `${row.mode} ${row.units}`).join(', ') || 'none'}.`);
    database.remove();
  }
  console.log(`Load average after: ${loadAverage()}.`);
  if (rows.some((row) => row.failures > 0)) console.log('\nSome loads had non-2xx responses or errors: see the failures column.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
