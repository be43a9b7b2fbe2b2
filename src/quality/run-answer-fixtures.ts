import type { SourceRegistry } from '../knowledge/source-registry.js';
import type { LoadedAnswerFixture } from './answer-fixture.js';
import { fixtureDifferences, type AnswerResponse } from './check-answer.js';

/** The outcome of one fixture case. */
export interface AnswerFixtureResult {
  fixture: LoadedAnswerFixture;
  passed: boolean;
  differences: string[];
  /** The response, for the failure report. */
  response: AnswerResponse;
  durationMs: number;
}

/** Pass and fail counts of one expected intent. */
export interface IntentTally {
  intent: string;
  passed: number;
  failed: number;
}

/** The request body a fixture sends: its question and its hints as top-level fields. */
export function fixtureRequestBody(fixture: LoadedAnswerFixture): Record<string, unknown> {
  return { question: fixture.question, ...fixture.hints };
}

/**
 * Runs every case through `send` (the in-process app, in order, one at a time so the progress
 * reads naturally) and checks each response with `fixtureDifferences`. `onResult` is called
 * after each case, for progress. Never throws for a failing case; a transport error is reported
 * as that case's failure.
 */
export async function runAnswerFixtures(
  fixtures: readonly LoadedAnswerFixture[],
  send: (body: Record<string, unknown>) => Promise<AnswerResponse>,
  registry: () => SourceRegistry,
  onResult: (result: AnswerFixtureResult, index: number) => void = () => {},
): Promise<AnswerFixtureResult[]> {
  const results: AnswerFixtureResult[] = [];
  for (const [index, fixture] of fixtures.entries()) {
    const started = performance.now();
    let response: AnswerResponse;
    try {
      response = await send(fixtureRequestBody(fixture));
    } catch (error) {
      response = { status: 0, body: { transport_error: error instanceof Error ? error.message : String(error) } };
    }
    const differences = fixtureDifferences(fixture, response, registry());
    const result = { fixture, passed: differences.length === 0, differences, response, durationMs: performance.now() - started };
    results.push(result);
    onResult(result, index);
  }
  return results;
}

/** Pass and fail per expected intent, in the order the intents first appear, plus a total row. */
export function tallyByIntent(results: readonly AnswerFixtureResult[]): IntentTally[] {
  const byIntent = new Map<string, IntentTally>();
  for (const { fixture, passed } of results) {
    const intent = fixture.expect.intent;
    const tally = byIntent.get(intent) ?? { intent, passed: 0, failed: 0 };
    if (passed) tally.passed += 1;
    else tally.failed += 1;
    byIntent.set(intent, tally);
  }
  return [...byIntent.values()].sort((a, b) => a.intent.localeCompare(b.intent));
}

/** The summary table: one row per intent, then the total. */
export function formatSummaryTable(results: readonly AnswerFixtureResult[]): string {
  const rows = tallyByIntent(results);
  const total = rows.reduce((sum, row) => ({ passed: sum.passed + row.passed, failed: sum.failed + row.failed }), { passed: 0, failed: 0 });
  const width = Math.max(6, ...rows.map((row) => row.intent.length));
  const line = (intent: string, passed: number | string, failed: number | string, cases: number | string) =>
    `${intent.padEnd(width)}  ${String(cases).padStart(5)}  ${String(passed).padStart(5)}  ${String(failed).padStart(5)}`;
  return [
    line('intent', 'pass', 'fail', 'cases'),
    '-'.repeat(width + 21),
    ...rows.map((row) => line(row.intent, row.passed, row.failed, row.passed + row.failed)),
    '-'.repeat(width + 21),
    line('total', total.passed, total.failed, total.passed + total.failed),
  ].join('\n');
}

/** For each failed case: its id, file, question and every difference, with the answer's data. */
export function formatFailures(results: readonly AnswerFixtureResult[]): string {
  return results
    .filter((result) => !result.passed)
    .map((result) => {
      const data = (result.response.body as { data?: unknown }).data ?? result.response.body;
      return [
        `✗ ${result.fixture.id} (${result.fixture.file}): ${JSON.stringify(result.fixture.question)}${result.fixture.hints ? ` hints ${JSON.stringify(result.fixture.hints)}` : ''}`,
        ...result.differences.map((difference) => `    - ${difference}`),
        `    got: ${JSON.stringify(data)}`,
      ].join('\n');
    })
    .join('\n\n');
}

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JUnit XML for a CI: one testsuite per fixture file, one testcase per case named by its id. */
export function formatJUnit(results: readonly AnswerFixtureResult[], suiteName = 'answers'): string {
  const files = new Map<string, AnswerFixtureResult[]>();
  for (const result of results) files.set(result.fixture.file, [...(files.get(result.fixture.file) ?? []), result]);
  const failures = results.filter((r) => !r.passed).length;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const suites = [...files.entries()].map(([file, list]) => {
    const cases = list.map((r) => {
      const open = `    <testcase classname="${xml(`${suiteName}.${file.replace(/\.json$/, '')}`)}" name="${xml(r.fixture.id)}" time="${seconds(r.durationMs)}"`;
      if (r.passed) return `${open}/>`;
      return `${open}>\n      <failure message="${xml(r.differences[0] ?? 'failed')}">${xml(`${r.fixture.question}\n${r.differences.join('\n')}`)}</failure>\n    </testcase>`;
    });
    const time = list.reduce((sum, r) => sum + r.durationMs, 0);
    return `  <testsuite name="${xml(`${suiteName}/${file}`)}" tests="${list.length}" failures="${list.filter((r) => !r.passed).length}" errors="0" time="${seconds(time)}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const time = results.reduce((sum, r) => sum + r.durationMs, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${xml(suiteName)}" tests="${results.length}" failures="${failures}" errors="0" time="${seconds(time)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
