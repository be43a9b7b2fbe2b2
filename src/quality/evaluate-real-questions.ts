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
    const read = readRealQuestion(tables, capabilities, fixture);
    tally(report.intent, read.intent === fixture.intent);
    if (read.intent !== fixture.intent) fail('intent', fixture.intent, read.intent);
    tally(report.operation, read.operation === fixture.operation);
    if (read.operation !== fixture.operation) fail('operation', fixture.operation, read.operation);
    tally(report.country, read.country === fixture.country);
    if (read.country !== fixture.country) fail('country', fixture.country, read.country);

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

/** What POST /classify and /route make of one real question, in the corpus's terms. */
function readRealQuestion(tables: LanguageTables, capabilities: CapabilityRegistry, fixture: RealQuestion) {
  const classification = classifyQuestion(tables, fixture.question);
  const routed = routeClassification(tables, capabilities, fixture.question, classification).service;
  return {
    classification,
    intent: classification.intent as string,
    operation: routed ? `${routed.method} ${routed.path}` : null,
    // The corpus names any destination (Schengen or not: "GB", "IE"); the classifier names a
    // non-member as the destination only when it is outside the area.
    country: classification.country ?? classification.non_schengen_destination,
  };
}

/** The classification figures of one part of a language's real questions (no POST /answer): `svc fixtures --suite classification`. */
export interface RealClassificationReport {
  cases: number;
  intent: Rate;
  operation: Rate;
  country: Rate;
  travel_purpose: Rate;
  days: Rate;
  nationality: Rate;
}

/**
 * Scores POST /classify and /route alone on labelled real questions: intent, routed operation,
 * country, and the entities the corpus labels (travel purpose, days, nationality; each over every
 * case, null included: a question that states none must get none). Pure.
 */
export function classifyRealQuestions(tables: LanguageTables, capabilities: CapabilityRegistry, cases: readonly RealQuestion[]): RealClassificationReport {
  const rate = (): Rate => ({ correct: 0, total: 0, rate: null });
  const report: RealClassificationReport = { cases: cases.length, intent: rate(), operation: rate(), country: rate(), travel_purpose: rate(), days: rate(), nationality: rate() };
  const tally = (r: Rate, ok: boolean) => {
    r.total++;
    if (ok) r.correct++;
  };
  for (const fixture of cases) {
    const read = readRealQuestion(tables, capabilities, fixture);
    tally(report.intent, read.intent === fixture.intent);
    tally(report.operation, read.operation === fixture.operation);
    tally(report.country, read.country === fixture.country);
    tally(report.travel_purpose, read.classification.travel_purpose === fixture.travel_purpose);
    tally(report.days, read.classification.days === fixture.days);
    tally(report.nationality, read.classification.profile.nationality === fixture.nationality);
  }
  for (const r of [report.intent, report.operation, report.country, report.travel_purpose, report.days, report.nationality]) r.rate = r.total === 0 ? null : r.correct / r.total;
  return report;
}
