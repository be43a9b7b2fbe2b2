import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import { classifyQuestion, type Classification } from '../language/classify-question.js';
import { routeClassification } from '../language/route-question.js';
import { INTENTS, type Intent, type LanguageTables } from '../language/language-tables.js';
import type { QuestionFixture } from './question-fixtures.js';

export interface Rate {
  correct: number;
  total: number;
  /** correct / total, or null when no case checks this field. */
  rate: number | null;
}

export interface IntentMetrics {
  intent: Intent;
  support: number;
  predicted: number;
  precision: number | null;
  recall: number | null;
}

export interface ClassificationFailure {
  question: string;
  field: string;
  expected: unknown;
  actual: unknown;
}

/** The classification suite's results on one fixture set. */
export interface ClassificationReport {
  cases: number;
  intent: Rate;
  /** The operation the question is routed to ("GET /requirements", or none) is the expected one. */
  route: Rate;
  country: Rate;
  travel_purpose: Rate;
  days: Rate;
  nationality: Rate;
  employment: Rate;
  minor: Rate;
  destination_status: Rate;
  /** Out-of-scope questions routed to a Schengen operation (must be 0). */
  out_of_scope_routed: number;
  per_intent: IntentMetrics[];
  /** confusion[expected][predicted] = count, only for mistakes. */
  confusion: Record<string, Record<string, number>>;
  /** Accuracy of the intent by confidence band, to check the threshold. */
  calibration: { band: string; cases: number; accuracy: number | null }[];
  failures: ClassificationFailure[];
}

/**
 * Runs the classifier and the router (POST /route's functions) over labelled questions and
 * measures them: intent accuracy, the operation routed to against the expected intent's,
 * per-intent precision and recall, the confusion between intents, entity accuracies and a
 * confidence calibration table. Profile fields and destination status are checked only on the
 * cases that state them. Pure.
 */
export function evaluateClassification(tables: LanguageTables, capabilities: CapabilityRegistry, fixtures: readonly QuestionFixture[]): ClassificationReport {
  const rate = (): Rate => ({ correct: 0, total: 0, rate: null });
  const report: ClassificationReport = {
    cases: fixtures.length,
    intent: rate(), route: rate(), country: rate(), travel_purpose: rate(), days: rate(),
    nationality: rate(), employment: rate(), minor: rate(), destination_status: rate(),
    out_of_scope_routed: 0, per_intent: [], confusion: {}, calibration: [], failures: [],
  };
  const support = new Map<Intent, number>();
  const predictedCount = new Map<Intent, number>();
  const truePositive = new Map<Intent, number>();
  const bands = [0, 0.5, 0.6, 0.7, 0.8, 0.9].map((low, i, all) => ({ low, high: all[i + 1] ?? 1.01, cases: 0, correct: 0 }));
  const routeOf = (intent: Intent) => {
    const route = tables.routes.get(intent);
    return route ? `${route.method} ${route.path}` : null;
  };

  for (const fixture of fixtures) {
    const result: Classification = classifyQuestion(tables, fixture.question);
    const check = (field: keyof ClassificationReport & string, expected: unknown, actual: unknown) => {
      const r = report[field] as Rate;
      r.total++;
      if (expected === actual) r.correct++;
      else report.failures.push({ question: fixture.question, field, expected, actual });
    };
    check('intent', fixture.intent, result.intent);
    const routed = routeClassification(tables, capabilities, fixture.question, result).service;
    const actualRoute = routed ? `${routed.method} ${routed.path}` : null;
    check('route', routeOf(fixture.intent), actualRoute);
    check('country', fixture.country, result.country);
    check('travel_purpose', fixture.travel_purpose, result.travel_purpose);
    check('days', fixture.days, result.days);
    if (fixture.profile?.nationality !== undefined) check('nationality', fixture.profile.nationality, result.profile.nationality);
    if (fixture.profile?.employment !== undefined) check('employment', fixture.profile.employment, result.profile.employment);
    if (fixture.profile?.minor !== undefined) check('minor', fixture.profile.minor, result.profile.minor);
    if (fixture.destination_status !== undefined) check('destination_status', fixture.destination_status, result.destination_status);
    if (fixture.intent === 'out_of_scope' && actualRoute !== null) report.out_of_scope_routed++;

    support.set(fixture.intent, (support.get(fixture.intent) ?? 0) + 1);
    predictedCount.set(result.intent, (predictedCount.get(result.intent) ?? 0) + 1);
    if (fixture.intent === result.intent) truePositive.set(result.intent, (truePositive.get(result.intent) ?? 0) + 1);
    else {
      const row = (report.confusion[fixture.intent] ??= {});
      row[result.intent] = (row[result.intent] ?? 0) + 1;
    }
    const band = bands.find((b) => result.confidence >= b.low && result.confidence < b.high);
    if (band) {
      band.cases++;
      if (fixture.intent === result.intent) band.correct++;
    }
  }
  for (const r of [report.intent, report.route, report.country, report.travel_purpose, report.days, report.nationality, report.employment, report.minor, report.destination_status]) {
    r.rate = r.total === 0 ? null : r.correct / r.total;
  }
  for (const intent of INTENTS) {
    const s = support.get(intent) ?? 0;
    const p = predictedCount.get(intent) ?? 0;
    const tp = truePositive.get(intent) ?? 0;
    if (s === 0 && p === 0) continue;
    report.per_intent.push({ intent, support: s, predicted: p, precision: p === 0 ? null : tp / p, recall: s === 0 ? null : tp / s });
  }
  report.calibration = bands.map((b) => ({ band: `${b.low.toFixed(1)}-${Math.min(b.high, 1).toFixed(1)}`, cases: b.cases, accuracy: b.cases === 0 ? null : b.correct / b.cases }));
  return report;
}
