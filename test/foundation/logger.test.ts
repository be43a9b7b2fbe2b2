import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { captureLogger } from './foundation-support.js';

describe('logger', () => {
  it('writes one JSON line per call with the level name, an ISO time, the message and the fields', () => {
    const { logger, lines, records } = captureLogger('info');
    logger.debug('left out below info', { n: 0 });
    logger.info('request', { request_id: 'req_1', status: 200 });
    logger.warn('slow', { duration_ms: 1.5 });
    logger.error('failed', { error: 'boom' });
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    expect(records()).toEqual([
      { level: 'info', time: expect.any(String), msg: 'request', request_id: 'req_1', status: 200 },
      { level: 'warn', time: expect.any(String), msg: 'slow', duration_ms: 1.5 },
      { level: 'error', time: expect.any(String), msg: 'failed', error: 'boom' },
    ]);
    for (const record of records()) expect(new Date(String(record.time)).toISOString()).toBe(record.time);
  });

  it('stamps each line with the time it was written, also when several lines share a millisecond', async () => {
    const { logger, records } = captureLogger('info');
    const before = Date.now();
    for (let n = 0; n < 50; n += 1) logger.info('burst', { n });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const between = Date.now();
    logger.info('later');
    const after = Date.now();
    const times = records().map((record) => Date.parse(String(record.time)));
    for (const time of times.slice(0, 50)) expect(time >= before && time <= between).toBe(true);
    expect(times[50]! >= between && times[50]! <= after).toBe(true);
  });

  it.each([
    ['debug', ['debug', 'info', 'warn', 'error']],
    ['info', ['info', 'warn', 'error']],
    ['warn', ['warn', 'error']],
    ['error', ['error']],
    ['silent', []],
  ] as const)('at LOG_LEVEL=%s writes the levels %j', (level, written) => {
    const { logger, records } = captureLogger(level);
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(records().map((record) => record.level)).toEqual(written);
  });

  it('removes an Authorization header and a key from any line, wherever a caller puts them', () => {
    const { logger, lines, records } = captureLogger('debug');
    const key = 'svc_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    logger.warn('upstream answered 401', { authorization: `Bearer ${key}`, Authorization: `Bearer ${key}`, status: 401 });
    logger.error('request failed', { headers: { authorization: `Bearer ${key}`, accept: 'application/json' }, request_id: 'req_2' });
    logger.info('nested', { req: { headers: { authorization: `Bearer ${key}`, Authorization: key } } });
    logger.debug('bare key', { key, api_key: key, apiKey: key, key_id: 'key_123' });
    const log = lines.join('');
    expect(log).not.toContain(key);
    expect(log).not.toContain(key.slice(-16));
    expect(log).not.toMatch(/Bearer|authorization/i);
    // Only the secrets go: the rest of each line stays.
    expect(records().map(({ time: _time, ...record }) => record)).toEqual([
      { level: 'warn', msg: 'upstream answered 401', status: 401 },
      { level: 'error', msg: 'request failed', headers: { accept: 'application/json' }, request_id: 'req_2' },
      { level: 'info', msg: 'nested', req: { headers: {} } },
      { level: 'debug', msg: 'bare key', key_id: 'key_123' },
    ]);
  });

  it('returns a logger that writes nothing at LOG_LEVEL=silent', () => {
    expect(() => createLogger('silent').error('nowhere')).not.toThrow();
  });

  // The compiled logger, in a process of its own writing to a pipe, as the server does.
  it.each([
    ['process.exit(3)', 'process.exit(3);', 3],
    ['an uncaught exception', "throw new Error('fatal');", 1],
    ['the end of the event loop', '', 0],
  ])('delivers every line logged to stdout, in order, when the process ends by %s', (_name, ending, code) => {
    const script = [
      "import { createLogger } from './dist/logger.js';",
      "const logger = createLogger('info');",
      "for (let i = 0; i < 20000; i += 1) logger.info('line', { i, pad: 'x'.repeat(100) });",
      ending,
    ].join('\n');
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(result.status, result.stderr).toBe(code);
    const numbers = result.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { i: number }).i);
    expect(numbers).toHaveLength(20000);
    expect(numbers.every((n, index) => n === index)).toBe(true);
  });
});
