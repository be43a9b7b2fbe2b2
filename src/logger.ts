import { pino, type DestinationStream } from 'pino';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/**
 * Field paths pino removes from every line, whatever a caller passes: the `Authorization` header
 * (alone, in a headers object, or in a request's headers) and a bare key. Callers never pass them
 * (the request logger logs the key id only); this is the second line of defence. Exact paths
 * only: a wildcard (`*.authorization`) makes pino walk every line's fields, measured at about
 * 20 µs a line, several per cent of a core at the bench's request rate.
 */
export const REDACTED_PATHS = [
  'authorization',
  'Authorization',
  'headers.authorization',
  'headers.Authorization',
  'req.headers.authorization',
  'req.headers.Authorization',
  'key',
  'api_key',
  'apiKey',
] as const;

/**
 * Structured logs with pino: one JSON object per line, `{"level":"info","time":"<ISO>","msg":…,
 * …fields}`. By default the lines go to stdout asynchronously (a write never waits for the pipe on
 * the request path) and are flushed when the process exits (see flushLogs). `write` receives each
 * line synchronously instead, for tests that read what was logged.
 */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const destination: DestinationStream | undefined = write ? { write } : level === 'silent' ? undefined : stdoutDestination();
  const log = pino(
    {
      level,
      base: undefined,
      messageKey: 'msg',
      timestamp: isoTimeField,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...REDACTED_PATHS], remove: true },
    },
    destination ?? { write: () => undefined },
  );
  return {
    debug: (msg, fields) => log.debug(fields ?? {}, msg),
    info: (msg, fields) => log.info(fields ?? {}, msg),
    warn: (msg, fields) => log.warn(fields ?? {}, msg),
    error: (msg, fields) => log.error(fields ?? {}, msg),
  };
}

/**
 * pino's `isoTime` field (`,"time":"<ISO>"`), formatted once per millisecond: under load several
 * lines share a millisecond, and formatting the date was about 1 % of the request path's CPU.
 */
let fieldMs = -1;
let field = '';

function isoTimeField(): string {
  const now = Date.now();
  if (now !== fieldMs) {
    fieldMs = now;
    field = `,"time":"${new Date(now).toISOString()}"`;
  }
  return field;
}

/** The process's one asynchronous stdout stream, opened by the first logger that writes there. */
let stdout: ReturnType<typeof pino.destination> | undefined;

function stdoutDestination(): ReturnType<typeof pino.destination> {
  if (stdout === undefined) {
    stdout = pino.destination({ dest: 1, sync: false, minLength: 0 });
    // `process.exit()` and a fatal error end the process without waiting for pending writes:
    // write what is still buffered, synchronously, on the way out.
    process.once('exit', flushLogs);
  }
  return stdout;
}

/**
 * Resolves when every line logged so far has reached stdout (at most `timeoutMs` later, should the
 * reader of stdout stall). Await it before `process.exit()` on a planned exit: the exit hook's
 * synchronous flush cannot wait for a write already under way, whose lines would then land after
 * the last ones.
 */
export function drainLogs(timeoutMs = 2_000): Promise<void> {
  const stream = stdout;
  // sonic-boom's own flush() returns at once when lines are written as they come (minLength 0);
  // whether a write is under way is its `_writing` flag, which its 'drain' event clears.
  if (stream === undefined || (stream as unknown as { _writing?: unknown })._writing !== true) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stream.off('drain', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    stream.once('drain', done);
  });
}

/**
 * Writes the lines still buffered for stdout, synchronously. Runs by itself when the process
 * exits (`process.exit()`, the end of the event loop, a fatal error).
 */
export function flushLogs(): void {
  try {
    stdout?.flushSync();
  } catch {
    // stdout closed (the reader went away): nothing left to deliver the lines to.
  }
}
