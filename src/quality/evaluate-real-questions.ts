import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import { classifyQuestion } from '../language/classify-question.js';
import type { LanguageTables } from '../language/language-tables.js';
import { routeClassification } from '../language/route-question.js';
import type { AnswerResponse } from './check-answer.js';
import type { Rate } from './evaluate-classification.js';
import type { RealQuestion } from './real-questions.js';

/** One way a real question was handled wrong, for `--failures`. */
export interface RealFailure {
  question: string;
  /** intent, operation, country, topic (an answerable question not answered on its topic) or neighbouring (a must-be-null question answered). */
  check: 'intent' | 'operation' | 'country' | 'topic' | 'neighbouring';
  expected: unknown;
  actual: unknown;
}

/** The four figures of issue 9 on one part of the real-question corpus (plus the country). */
export interface RealQuestionReport {
  cases: number;
  /** The intent of POST /classify is the labelled one. */
  intent: Rate;
  /** The operation of POST /route ("POST /answer", "GET /countries/{country}", or none) is the labelled one. */
  operation: Rate;
  /** The country of POST /classify (its `non_schengen_destination` when the destination is outside the area) is the labelled one. */
  country: Rate;
  /** Answerable questions whose POST /answer is non-null and answers the labelled topic. */
  right_topic: Rate;
  /**
   * Questions that must get `null` (not answerable) which POST /answer answered anyway (with a
   * fact that is about the same state or topic but not what is asked): `correct` counts them, so
   * lower is better.
   */
  neighbouring: Rate;
  failures: RealFailure[];
}

interface AnswerEnvelope {
  data?: { answer?: unknown; topics?: unknown; unanswered?: unknown; reason?: unknown };
}

/** The topics a POST /answer response answers: `topics` minus those listed in `unanswered`. */
export function answeredTopics(body: unknown): string[] {
  const data = (body as AnswerEnvelope | null)?.data;
  if (!data || data.answer === null || data.answer === undefined) return [];
  const topics = Array.isArray(data.topics) ? data.topics.filter((t): t is string => typeof t === 'string') : [];
  const left = new Set(Array.isArray(data.unanswered) ? data.unanswered.map((u) => (u as { topic?: unknown }).topic) : []);
  return topics.filter((topic) => !left.has(topic));
}

/**
 * Scores labelled real questions the way a caller meets the service: POST /classify's intent and
 * country, POST /route's operation (the classifier and router functions, in process) and the
 * POST /answer response from `answer` (the whole API in process). Rates are over every case, or
 * over the answerable (right topic) and not answerable (neighbouring) ones.
 */
export async function evaluateRealQuestions(
  tables: LanguageTables,
  capabilities: CapabilityRegistry,
  cases: readonly RealQuestion[],
  answer: (body: { question: string }) => Promise<AnswerResponse>,
): Promise<RealQuestionReport> {
  const rate = (): Rate => ({ correct: 0, total: 0, rate: null });
  const report: RealQuestionReport = { cases: cases.length, intent: rate(), operation: rate(), country: rate(), right_topic: rate(), neighbouring: rate(), failures: [] };
  const tally = (r: Rate, ok: boolean) => {
    r.total++;
    if (ok) r.correct++;
  };
  for (const fixture of cases) {
    const fail = (check: RealFailure['check'], expected: unknown, actual: unknown) => report.failures.push({ question: fixture.question, check, expected, actual });
    const classification = classifyQuestion(tables, fixture.question);
    const routed = routeClassification(tables, capabilities, fixture.question, classification).service;
    const operation = routed ? `${routed.method} ${routed.path}` : null;
    tally(report.intent, classification.intent === fixture.intent);
    if (classification.intent !== fixture.intent) fail('intent', fixture.intent, classification.intent);
    tally(report.operation, operation === fixture.operation);
    if (operation !== fixture.operation) fail('operation', fixture.operation, operation);
    // The corpus names any destination (Schengen or not: "GB", "IE"); the classifier names a
    // non-member as the destination only when it is outside the area.
    const country = classification.country ?? classification.non_schengen_destination;
    tally(report.country, country === fixture.country);
    if (country !== fixture.country) fail('country', fixture.country, country);

    const response = await answer({ question: fixture.question });
    const data = (response.body as AnswerEnvelope | null)?.data;
    const answered = response.status === 200 && data !== undefined && data.answer !== null && data.answer !== undefined;
    if (fixture.answerable) {
      const topics = answered ? answeredTopics(response.body) : [];
      const ok = fixture.topic !== null && topics.includes(fixture.topic);
      tally(report.right_topic, ok);
      if (!ok) fail('topic', fixture.topic, answered ? topics : `null (${String(data?.reason ?? response.status)})`);
    } else {
      tally(report.neighbouring, answered);
      if (answered) fail('neighbouring', `null (${fixture.null_kind ?? 'not answerable'})`, answeredTopics(response.body));
    }
  }
  for (const r of [report.intent, report.operation, report.country, report.right_topic, report.neighbouring]) r.rate = r.total === 0 ? null : r.correct / r.total;
  return report;
}
