import { isDeepStrictEqual } from 'node:util';
import type { SourceRegistry } from '../knowledge/source-registry.js';
import type { AnswerFixtureCase } from './answer-fixture.js';

/** The parts of a `POST /answer` response the checks read (a 200 envelope, or whatever came back). */
export interface AnswerResponse {
  status: number;
  body: unknown;
}

interface Envelope {
  data?: {
    answer?: { text?: unknown; facts?: { id: string; value: unknown; sources: string[] }[] } | null;
    reason?: unknown;
    capability?: unknown;
    intent?: unknown;
    topics?: unknown;
    unanswered?: unknown;
    country?: unknown;
    travel_purpose?: unknown;
    days?: unknown;
  };
  meta?: { sources?: { url: string }[]; last_verified_at?: unknown; units?: unknown };
}

/** Every number written in a text ("€1,043.28" → 1043.28, "180-day" → 180), thousands separators removed. */
export function numbersInText(text: string): number[] {
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((match) => Number(match[0].replace(/,/g, '')));
}

/** Every number a fact states: in its value (nested, dates split into parts) and in its id ("fees.child_6_to_11"). */
export function numbersInFact(fact: { id: string; value: unknown }): Set<number> {
  const numbers = new Set<number>(numbersInText(fact.id.replace(/[._]/g, ' ')));
  const walk = (value: unknown) => {
    if (typeof value === 'number') numbers.add(value);
    else if (typeof value === 'string') for (const n of numbersInText(value.replace(/-/g, ' '))) numbers.add(n);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(fact.value);
  return numbers;
}

/**
 * What `unanswered` must be, when the response has it: topics of `topics`, each once, with a
 * reason; a non-null answer leaves at least one topic answered; a null answer that asked topics
 * lists at least one, and its `reason` is one of theirs (a part is never dropped silently).
 */
function unansweredProblems(data: NonNullable<Envelope['data']>): string[] {
  if (data.unanswered === undefined) return [];
  if (!Array.isArray(data.unanswered)) return ['unanswered is not a list'];
  const problems: string[] = [];
  const topics = Array.isArray(data.topics) ? (data.topics as unknown[]) : [];
  const entries = data.unanswered as { topic?: unknown; reason?: unknown }[];
  const seen = new Set<unknown>();
  for (const entry of entries) {
    if (!topics.includes(entry.topic)) problems.push(`unanswered names ${show(entry.topic)}, which is not in topics ${show(topics)}`);
    if (seen.has(entry.topic)) problems.push(`unanswered names ${show(entry.topic)} twice`);
    seen.add(entry.topic);
    if (typeof entry.reason !== 'string') problems.push(`unanswered ${show(entry.topic)} has no reason`);
  }
  const answered = data.answer !== null && data.answer !== undefined;
  if (answered && topics.length > 0 && entries.length >= topics.length) problems.push('an answer lists every topic as unanswered');
  if (!answered && topics.length > 0) {
    if (entries.length === 0) problems.push(`a null answer to topics ${show(topics)} lists none as unanswered`);
    else if (!entries.some((entry) => entry.reason === data.reason)) problems.push(`the null answer's reason ${show(data.reason)} is not the reason of any unanswered topic`);
  }
  return problems;
}

/**
 * The rules every answer obeys, whatever the question: a non-null answer has facts, each fact
 * has at least one registered source, `meta.sources` is exactly the union of the facts' sources
 * (compared by URL), and every number and every address in `text` is stated by one of its facts
 * (so the text says nothing its facts do not). A null answer has a reason, no sources and a null date.
 * `unanswered` names only topics asked, and a null answer to topics names why (see `unansweredProblems`).
 * Returns the problems found, empty when the answer is sound.
 */
export function answerInvariantProblems(response: AnswerResponse, registry: SourceRegistry): string[] {
  if (response.status !== 200) return [`status ${response.status}, expected 200`];
  const body = response.body as Envelope;
  const data = body.data;
  const meta = body.meta;
  if (!data || !meta) return ['the body is not a success envelope'];
  const problems: string[] = unansweredProblems(data);
  if (meta.units !== 2) problems.push(`meta.units is ${String(meta.units)}, expected 2`);
  const metaUrls = new Set((meta.sources ?? []).map((s) => s.url));
  if (data.answer === null || data.answer === undefined) {
    if (!data.reason) problems.push('a null answer has no reason');
    if (metaUrls.size > 0) problems.push(`a null answer cites ${metaUrls.size} source(s); it must cite none`);
    if (meta.last_verified_at !== null) problems.push(`a null answer has last_verified_at ${String(meta.last_verified_at)}; it must be null`);
    return problems;
  }
  if (data.reason !== null) problems.push(`an answer has reason ${String(data.reason)}; it must be null`);
  const facts = data.answer.facts ?? [];
  const text = typeof data.answer.text === 'string' ? data.answer.text : '';
  if (facts.length === 0) problems.push('an answer without facts');
  if (text.trim().length === 0) problems.push('an answer with an empty text');
  const union = new Set<string>();
  const stated = new Set<number>();
  for (const fact of facts) {
    if (!Array.isArray(fact.sources) || fact.sources.length === 0) problems.push(`fact ${fact.id} has no source`);
    for (const id of fact.sources ?? []) {
      const source = registry.get(id);
      if (!source) problems.push(`fact ${fact.id} cites "${id}", which is not in the source registry`);
      else union.add(source.url);
    }
    for (const n of numbersInFact(fact)) stated.add(n);
  }
  for (const url of union) if (!metaUrls.has(url)) problems.push(`meta.sources lacks ${url}, cited by a fact`);
  for (const url of metaUrls) if (!union.has(url)) problems.push(`meta.sources lists ${url}, which no fact cites`);
  const unstated = numbersInText(text).filter((n) => !stated.has(n));
  if (unstated.length > 0) problems.push(`the text states ${unstated.join(', ')}, which no fact holds`);
  const values = JSON.stringify(facts.map((fact) => fact.value));
  for (const url of (text.match(/https?:\/\/[^\s)]+/g) ?? []).map((u) => u.replace(/[.,;:]+$/, ''))) {
    if (!values.includes(url)) problems.push(`the text links ${url}, which no fact holds`);
  }
  if (typeof meta.last_verified_at !== 'string' && meta.last_verified_at !== null) problems.push('meta.last_verified_at is neither a date nor null');
  return problems;
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * How a response differs from what a fixture expects, one line per difference ("intent:
 * expected visa_fees, got processing_time"), the invariants of `answerInvariantProblems`
 * included. Empty when the case passes.
 */
export function fixtureDifferences(fixture: AnswerFixtureCase, response: AnswerResponse, registry: SourceRegistry): string[] {
  const problems = answerInvariantProblems(response, registry);
  const data = (response.body as Envelope).data;
  if (!data) return problems;
  const expect = fixture.expect;
  const differences: string[] = [];
  const compare = (field: string, expected: unknown, got: unknown) => {
    if (expected !== undefined && !isDeepStrictEqual(expected, got)) differences.push(`${field}: expected ${show(expected)}, got ${show(got)}`);
  };
  compare('intent', expect.intent, data.intent);
  compare('answered', expect.answered, data.answer !== null && data.answer !== undefined);
  compare('reason', expect.answered ? null : expect.reason, data.reason);
  compare('capability', expect.capability, expect.capability === undefined ? undefined : data.capability);
  compare('country', expect.country, data.country);
  compare('travel_purpose', expect.travel_purpose, data.travel_purpose);
  compare('days', expect.days, data.days);
  compare('unanswered', expect.unanswered, expect.unanswered === undefined ? undefined : data.unanswered);
  const facts = new Map((data.answer?.facts ?? []).map((fact) => [fact.id, fact]));
  for (const wanted of expect.facts) {
    const fact = facts.get(wanted.id);
    if (!fact) differences.push(`fact ${wanted.id}: missing (facts: ${[...facts.keys()].join(', ') || 'none'})`);
    else if ('value' in wanted && !isDeepStrictEqual(wanted.value, fact.value)) differences.push(`fact ${wanted.id}: expected value ${show(wanted.value)}, got ${show(fact.value)}`);
    else if (wanted.includes) {
      const value = (fact.value ?? {}) as Record<string, unknown>;
      for (const [key, expected] of Object.entries(wanted.includes)) {
        if (!isDeepStrictEqual(expected, value[key])) differences.push(`fact ${wanted.id}: expected ${key} ${show(expected)}, got ${show(value[key])}`);
      }
    }
  }
  for (const id of expect.facts_absent) if (facts.has(id)) differences.push(`fact ${id}: present, expected absent`);
  const meta = (response.body as Envelope).meta;
  const urls = new Set((meta?.sources ?? []).map((s) => s.url));
  const ids = new Set((data.answer?.facts ?? []).flatMap((fact) => fact.sources));
  for (const source of expect.sources) {
    const cited = source.includes('://') ? urls.has(source) : ids.has(source);
    if (!cited) differences.push(`source ${source}: not cited (meta.sources: ${[...urls].join(', ') || 'none'})`);
  }
  const text = typeof data.answer?.text === 'string' ? data.answer.text : '';
  for (const part of expect.text_contains) if (!text.includes(part)) differences.push(`text lacks ${show(part)}: ${show(text)}`);
  return [...differences, ...problems];
}
