import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadAnswerFixtures } from '../../quality/answer-fixture.js';
import { startInProcessAnswerApp } from '../../quality/in-process-answer-app.js';
import { formatFailures, formatJUnit, formatSummaryTable, runAnswerFixtures, tallyByIntent } from '../../quality/run-answer-fixtures.js';
import type { CliIo } from '../command.js';

export const ANSWERS_SUITE_USAGE = `svc fixtures --suite answers [--dir fixtures/answers] [--rules rules] [--only <id-substring>] [--junit <file>] [--json]

Runs the answer fixtures against the whole API started in this process (a temporary SQLite
database and a test key; every case is a real POST /api/v1/answer). Progress goes to stderr; the
summary table (pass and fail per expected intent) and the differences of each failed case go to
stdout (or one JSON document with --json). --junit writes JUnit XML for a CI.
Exit code: 0 when every case passes, 1 when any fails, 2 on a usage error or invalid fixtures.`;

/**
 * The `answers` suite of `svc fixtures`: the QA runner of POST /answer. Returns the exit code
 * (0 all pass, 1 a failure, 2 bad arguments or fixture files). Every case also checks the
 * invariants of every answer (facts sourced, meta.sources the union, text only from facts).
 */
export async function runAnswersSuite(args: string[], io: CliIo): Promise<number> {
  let values: { dir?: string; rules?: string; only?: string; junit?: string; json?: boolean };
  try {
    values = parseArgs({
      args,
      options: {
        dir: { type: 'string' },
        rules: { type: 'string' },
        only: { type: 'string' },
        junit: { type: 'string' },
        json: { type: 'boolean' },
        suite: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    io.err(`svc fixtures: ${error instanceof Error ? error.message : String(error)}\n${ANSWERS_SUITE_USAGE}\n`);
    return 2;
  }
  let fixtures;
  try {
    fixtures = loadAnswerFixtures(values.dir ?? 'fixtures/answers');
  } catch (error) {
    io.err(`svc fixtures: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  if (values.only) fixtures = fixtures.filter((fixture) => fixture.id.includes(values.only ?? ''));
  if (fixtures.length === 0) {
    io.err(`svc fixtures: no answer fixture id contains "${values.only}".\n`);
    return 2;
  }

  const app = await startInProcessAnswerApp(values.rules ?? io.env.RULES_DIR ?? 'rules');
  let results;
  try {
    io.err(`answers: ${fixtures.length} cases against the in-process API\n`);
    results = await runAnswerFixtures(
      fixtures,
      (body) => app.answer(body),
      () => app.rules().knowledge.sources,
      (result, index) => {
        io.err(`${result.passed ? '.' : 'F'}${(index + 1) % 60 === 0 || index + 1 === fixtures.length ? ` ${index + 1}/${fixtures.length}\n` : ''}`);
      },
    );
  } finally {
    await app.close();
  }

  if (values.junit) {
    writeFileSync(values.junit, formatJUnit(results, 'answers'));
    io.err(`answers: JUnit XML written to ${values.junit}\n`);
  }
  const failed = results.filter((result) => !result.passed);
  if (values.json) {
    io.out(
      `${JSON.stringify({
        suite: 'answers',
        cases: results.length,
        passed: results.length - failed.length,
        failed: failed.length,
        by_intent: tallyByIntent(results),
        failures: failed.map((r) => ({ id: r.fixture.id, file: r.fixture.file, question: r.fixture.question, differences: r.differences })),
      })}\n`,
    );
  } else {
    io.out(`\nAnswer fixtures: ${results.length - failed.length}/${results.length} passed\n\n${formatSummaryTable(results)}\n`);
    if (failed.length > 0) io.out(`\nFailures (${failed.length}):\n\n${formatFailures(results)}\n`);
  }
  return failed.length === 0 ? 0 : 1;
}
