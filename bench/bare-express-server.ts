// The baseline of the bench: Express 5 with one JSON route and nothing else, in its own process.
// It answers GET /bare with the JSON body in the file BENCH_BARE_PAYLOAD (the metered endpoint's
// own response, so both send the same bytes and the ratio measures the pipeline, not the payload).
import { readFileSync } from 'node:fs';
import express from 'express';

const payload: unknown = process.env.BENCH_BARE_PAYLOAD ? JSON.parse(readFileSync(process.env.BENCH_BARE_PAYLOAD, 'utf8')) : { ok: true };
const app = express();
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});
app.get('/bare', (_req, res) => {
  res.json(payload);
});
const server = app.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
