import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openAccess, type OpenedAccess } from './access/open-access.js';
import type { AppDeps, Lifecycle } from './app-deps.js';
import { createApp } from './app.js';
import { parseConfig, type Config } from './config.js';
import { RuleBook, loadRules } from './knowledge/rule-book.js';
import { installRuleReload, shouldWatchRules } from './knowledge/rule-reload.js';
import { createLogger, drainLogs, type Logger } from './logger.js';
import { endStartUpHeap } from './lib/start-up-heap.js';

/**
 * The server process: read the configuration, load the rules, open the access layer, listen, and
 * shut down gracefully. Any failure before listening exits 1 with the reason on stderr (a bad
 * variable is named); a signal (SIGTERM, SIGINT) drains and exits 0, or 1 if draining outlasts
 * SHUTDOWN_TIMEOUT_MS.
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    fail(error);
  }
  const logger = createLogger(config.LOG_LEVEL);
  const clock = () => new Date();

  let rules: RuleBook;
  try {
    rules = new RuleBook(loadRules(config.RULES_DIR));
  } catch (error) {
    fail(error, `Could not load the rules from RULES_DIR=${config.RULES_DIR}`);
  }

  let access: OpenedAccess;
  try {
    access = await openAccess(config, logger, clock);
  } catch (error) {
    fail(error, 'Could not open the database (DATABASE_URL)');
  }

  const lifecycle: Lifecycle = { draining: false };
  const deps: AppDeps = { config, logger, clock, access, rules, lifecycle };
  const server = createServer(createApp(deps));
  server.keepAliveTimeout = 5_000;

  try {
    await listen(server, config.PORT, config.HOST);
  } catch (error) {
    await access.close().catch(() => undefined);
    fail(error, `Could not listen on ${config.HOST}:${config.PORT}`);
  }
  const { port } = server.address() as AddressInfo;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  logger.info('listening', { url: `http://${host}:${port}`, api: `http://${host}:${port}/api/v1`, database: databaseKind(config.DATABASE_URL) });

  // Rules reload on SIGHUP (and on file changes under `npm run dev` or RULES_WATCH=true): the new
  // snapshot replaces the old one for the next requests; a request in flight keeps the snapshot it
  // started with. An invalid edit keeps the old rules and logs the report.
  installRuleReload(rules, config.RULES_DIR, logger, { watch: shouldWatchRules(process.env) });
  // The reload installer warms the financial totals in the background; start-up is over with it.
  void rules.current().knowledge.warmFinancialTotals().then(endStartUpHeap);

  let stopping: { signal: NodeJS.Signals; at: number } | null = null;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // Under `npm start`, one Ctrl-C arrives twice: from the terminal (to the whole process group)
      // and relayed by npm, milliseconds apart. That echo is not the operator's second signal.
      if (signal === stopping.signal && Date.now() - stopping.at < SIGNAL_ECHO_MS) return;
      // A second signal while draining: the operator wants out now.
      logger.error('second signal while shutting down; exiting now', { signal });
      process.exit(1);
    }
    stopping = { signal, at: Date.now() };
    void shutdown(signal, { server, access, lifecycle, logger, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

interface Running {
  server: Server;
  access: OpenedAccess;
  lifecycle: Lifecycle;
  logger: Logger;
  timeoutMs: number;
}

/**
 * Drains and exits: new requests get 503 (lifecycle.draining), the listener closes, idle
 * keep-alive sockets are closed as soon as they are idle, requests in flight finish, then the
 * access layer flushes its buffered usage. Exits 0. If requests are still running after the
 * timeout, their connections are closed, the usage is still flushed, and the exit code is 1; if even
 * the flush hangs, the process exits 1 a few seconds later.
 */
async function shutdown(signal: NodeJS.Signals, { server, access, lifecycle, logger, timeoutMs }: Running): Promise<void> {
  logger.info('shutting down', { signal, timeout_ms: timeoutMs });
  lifecycle.draining = true;
  let timedOut = false;
  const backstop = setTimeout(() => {
    timedOut = true;
    logger.error('shutdown timed out; closing the remaining connections', { timeout_ms: timeoutMs });
    server.closeAllConnections();
    setTimeout(() => process.exit(1), FLUSH_GRACE_MS).unref();
  }, timeoutMs);
  backstop.unref();

  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A keep-alive socket becomes idle when its last response is sent; close it then, not at its timeout.
  server.closeIdleConnections();
  const sweeper = setInterval(() => server.closeIdleConnections(), 50);
  await closed;
  clearInterval(sweeper);
  clearTimeout(backstop);

  try {
    await access.close();
  } catch (error) {
    logger.error('closing the access layer failed; usage counted since the last flush may be lost', { error: messageOf(error) });
    await drainLogs();
    process.exit(1);
  }
  logger.info('stopped', { signal, timed_out: timedOut });
  // The log lines go to stdout asynchronously: let the last ones out, in order, before exiting.
  await drainLogs();
  process.exit(timedOut ? 1 : 0);
}

/** A repeat of the first shutdown signal within this time is its echo (see `stop`), not a second signal. */
const SIGNAL_ECHO_MS = 500;

/** How long the usage flush may take after a timed-out drain before the process exits anyway. */
const FLUSH_GRACE_MS = 3_000;

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function databaseKind(url: string): string {
  return url.startsWith('file:') ? `sqlite (${url.slice('file:'.length)})` : 'postgresql';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function fail(error: unknown, context?: string): never {
  console.error(context ? `${context}: ${messageOf(error)}` : messageOf(error));
  process.exit(1);
}

await main();
