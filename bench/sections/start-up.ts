import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { API_ENTRY, PRODUCTION_ENV, PRODUCTION_NODE_FLAGS, ROOT, freePort, tempDatabase } from '../api-process.js';
import type { BenchRow, BenchSection } from '../bench-section.js';
import { median } from './median.js';

/** Targets of the production-runtime issue: first /healthz within 1 s of the start, at most 120 MB resident after start. */
export const START_MAX_MS = 1000;
export const START_MAX_RSS_MB = 120;

/** How long after the first /healthz the resident memory is read: the background warm-up of the financial totals is over by then. */
const SETTLE_MS = 2000;

/** Resident memory of a process in MB: VmRSS from /proc on Linux, else ps. */
export function residentMegabytes(pid: number): number {
  try {
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    if (Number.isFinite(kb)) return kb / 1024;
  } catch {
    // not Linux
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}

/**
 * One start as `npm start` runs it: `node <PRODUCTION_NODE_FLAGS> dist/main.js` with PRODUCTION_ENV and the default
 * LOG_LEVEL, on a fresh SQLite file (so the migrations run, as at a first start). Returns the time
 * from spawning the process to the first 200 from /healthz (polled every 5 ms), and the resident
 * memory SETTLE_MS later.
 */
async function startOnce(): Promise<{ ms: number; rssMb: number }> {
  const database = tempDatabase();
  const port = await freePort();
  const { LOG_LEVEL: _ignored, ...env } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, API_ENTRY], {
    cwd: ROOT,
    env: { ...env, ...PRODUCTION_ENV, DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-5000)));
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-5000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API exited before answering /healthz:\n${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 30_000) throw new Error(`the API did not answer /healthz within 30 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return { ms, rssMb: residentMegabytes(child.pid as number) };
  } finally {
    child.kill('SIGTERM');
    await exited;
    database.remove();
  }
}

/** Start-up time and resident memory, median of BENCH_STARTS (3) starts. */
export const startUpSection: BenchSection = {
  name: 'start-up',
  summary: `node dist/main.js (NODE_ENV=production, LOG_LEVEL=info, fresh SQLite file): spawn to first /healthz, and resident memory ${SETTLE_MS / 1000} s later`,
  async run(): Promise<BenchRow[]> {
    const starts = Number(process.env.BENCH_STARTS ?? 3);
    const runs: { ms: number; rssMb: number }[] = [];
    for (let i = 0; i < starts; i += 1) runs.push(await startOnce());
    const ms = median(runs.map((run) => run.ms));
    const rss = median(runs.map((run) => run.rssMb));
    return [
      {
        section: this.name,
        name: `start to first /healthz (median of ${starts})`,
        requestsPerSecond: 0,
        p50: Math.round(ms),
        p99: Math.round(Math.max(...runs.map((run) => run.ms))),
        failures: 0,
        notes: [
          `start ${Math.round(ms)} ms (starts ${runs.map((run) => Math.round(run.ms)).join(', ')} ms; target ≤ ${START_MAX_MS} ms: ${ms <= START_MAX_MS ? 'met' : 'MISSED'})`,
          `resident memory ${rss.toFixed(0)} MB (starts ${runs.map((run) => run.rssMb.toFixed(0)).join(', ')} MB; target ≤ ${START_MAX_RSS_MB} MB: ${rss <= START_MAX_RSS_MB ? 'met' : 'MISSED'})`,
        ].join('; '),
      },
    ];
  },
};
