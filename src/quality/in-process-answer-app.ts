import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAccess } from '../access/open-access.js';
import type { AppDeps } from '../app-deps.js';
import { createApp } from '../app.js';
import { CAPABILITY_IDS } from '../capabilities/capability-registry.js';
import { parseConfig } from '../config.js';
import { RuleBook, loadRules, type LoadedRules } from '../knowledge/rule-book.js';
import { createLogger } from '../logger.js';
import type { AnswerResponse } from './check-answer.js';

/** The real app, listening on a loopback port, with its own SQLite file and a test key. */
export interface InProcessAnswerApp {
  /** Sends `POST /api/v1/answer` with the key and returns the status and parsed body. */
  answer(body: Record<string, unknown>): Promise<AnswerResponse>;
  /** Sends an authenticated GET to a path under /api/v1 (the bench's baseline). */
  get(path: string): Promise<AnswerResponse>;
  /** `http://127.0.0.1:<port>/api/v1`, for a client outside this module (the bench's worker). */
  baseUrl: string;
  /** The `Authorization` header value of the app's test key (a throwaway account in a temporary database). */
  authorization: string;
  /**
   * Milliseconds each request spent in the server, from its arrival to the last byte of the
   * response (the whole pipeline, without the client's share); in request order.
   */
  serverTimings: number[];
  /** The rules snapshot the app serves (for the source registry the checks read). */
  rules(): LoadedRules;
  /** Stops the server, flushes usage and removes the temporary folder. */
  close(): Promise<void>;
}

/**
 * Starts the whole API in this process, as the QA runner and the bench use it: real config, the
 * rules of `rulesDir`, the access layer on a fresh temporary SQLite database, an account on an
 * unlimited plan with a test key, and an HTTP server on 127.0.0.1 with an ephemeral port. Every
 * answer goes through the full pipeline (auth, limits, validation, metering, envelope).
 * Throws when the rules or the database cannot be opened; nothing is left behind then.
 */
export async function startInProcessAnswerApp(rulesDir = 'rules'): Promise<InProcessAnswerApp> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-answers-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups.length = 0;
  };
  try {
    const config = parseConfig({ DATABASE_URL: `file:${join(dir, 'svc.db')}`, LOG_LEVEL: 'silent', RULES_DIR: rulesDir, USAGE_FLUSH_INTERVAL_MS: '60000' });
    const logger = createLogger(config.LOG_LEVEL);
    const clock = () => new Date();
    const access = await openAccess(config, logger, clock);
    cleanups.push(() => access.close());
    const deps: AppDeps = { config, logger, clock, access, rules: new RuleBook(loadRules(config.RULES_DIR)), lifecycle: { draining: false } };
    const plan = await access.admin.createPlan({
      id: 'qa-unlimited',
      name: 'QA runner (unlimited)',
      rateLimitRequests: 1_000_000_000,
      rateLimitWindowSeconds: 60,
      unitsPerPeriod: null,
      dailyUnitCap: null,
    });
    const account = await access.admin.createAccount({
      name: 'QA runner',
      planId: plan.id,
      testPlanId: plan.id,
      subscriptionStatus: 'active',
      entitlements: CAPABILITY_IDS,
      dailyUnitCap: null,
    });
    const { key } = await access.admin.createKey({ accountId: account.id, mode: 'test', expiresAt: null });
    await access.refresh();
    const app = createApp(deps);
    const serverTimings: number[] = [];
    const server = createServer((req, res) => {
      const started = performance.now();
      res.once('finish', () => serverTimings.push(performance.now() - started));
      app(req, res);
    });
    server.listen(0, '127.0.0.1');
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(() => {
      agent.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const port = (server.address() as AddressInfo).port;
    const send = (method: 'GET' | 'POST', path: string, payload: string | null): Promise<AnswerResponse> =>
      new Promise((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: `/api/v1${path}`,
            method,
            agent,
            headers: {
              authorization: `Bearer ${key}`,
              ...(payload === null ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              let parsed: unknown = text;
              try {
                parsed = JSON.parse(text);
              } catch {
                // not JSON: the checks report the status and the raw text
              }
              resolve({ status: res.statusCode ?? 0, body: parsed });
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload ?? undefined);
      });
    return {
      answer: (body) => send('POST', '/answer', JSON.stringify(body)),
      get: (path) => send('GET', path, null),
      baseUrl: `http://127.0.0.1:${port}/api/v1`,
      authorization: `Bearer ${key}`,
      serverTimings,
      rules: () => deps.rules.current(),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
