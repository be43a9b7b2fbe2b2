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
 * Structured logs: one JSON object per line on the given stream (stdout by default).
 * Callers never pass secrets: the request logger logs the key id, never the key or its header.
 */
export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const log = (lvl: Exclude<LogLevel, 'silent'>) => (msg: string, fields: LogFields = {}) => {
    if (LOG_LEVELS.indexOf(lvl) < threshold) return;
    write(`${JSON.stringify({ level: lvl, time: new Date().toISOString(), msg, ...fields })}\n`);
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
