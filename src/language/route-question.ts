import type { CapabilityRegistry, CapabilityState } from '../capabilities/capability-registry.js';
import { classifyQuestion, type Classification } from './classify-question.js';
import type { Topic } from '../knowledge/topics.js';
import type { ApiPath } from './api-paths.js';
import type { Intent, LanguageTables, TravelPurpose } from './language-tables.js';

/** The base every ready-to-call request path starts with (spec section 4). */
export const API_BASE = '/api/v1';
/** GET /financial-requirements accepts days 1..90 (spec 8.3). */
const MAX_DAYS = 90;

/** The operation that answers a question, as the spec writes it, and whether it is active. */
export interface RoutedService {
  method: 'GET' | 'POST';
  path: ApiPath;
  status: CapabilityState;
}

/** A request the caller can send as it is (when `missing` is empty) to get the answer. */
export interface ReadyRequest {
  method: 'GET' | 'POST';
  /** Filled path including the /api/v1 base: `/api/v1/countries/FR`. */
  path: string;
  /** The path template relative to the server URL, for a generated client: `/countries/{country}`. */
  template: ApiPath;
  query: Record<string, string | number> | null;
  body: Record<string, unknown> | null;
  /** Required parameters the question did not give (e.g. `country`); fill them before calling. */
  missing: string[];
}

/** What POST /route returns. */
export interface RouteDecision {
  /** The language the question was read in, as POST /classify reports it. */
  language: string | null;
  intent: Intent;
  confidence: number;
  service: RoutedService | null;
  parameters: {
    country: string | null;
    travel_purpose: TravelPurpose | null;
    days: number | null;
    nationality: string | null;
    topic: Topic | null;
  };
  request: ReadyRequest | null;
  classification: Classification;
}

/**
 * Routes a question: classifies it, then names the operation that answers its intent (with the
 * capability's current state from the registry, so appointment, refusal, entry-ban and status
 * questions route to their 501 operations) and a ready-to-call request. Out-of-scope and
 * unknown questions get `service: null` and `request: null`. Pure given its inputs.
 */
export function routeQuestion(tables: LanguageTables, capabilities: CapabilityRegistry, question: string, languageHint?: string): RouteDecision {
  return routeClassification(tables, capabilities, question, classifyQuestion(tables, question, languageHint));
}

/** The routing half of routeQuestion, for a classification already made. */
export function routeClassification(tables: LanguageTables, capabilities: CapabilityRegistry, question: string, classification: Classification): RouteDecision {
  const topic = classification.topic;
  const parameters = {
    country: classification.country,
    travel_purpose: classification.travel_purpose,
    days: classification.days,
    nationality: classification.profile.nationality,
    topic,
  };
  const route = tables.routes.get(classification.intent) ?? null;
  const { language, intent, confidence } = classification;
  if (!route) return { language, intent, confidence, service: null, parameters, request: null, classification };
  const service: RoutedService = { method: route.method, path: route.path, status: capabilities.get(route.capability).state };
  return { language, intent, confidence, service, parameters, request: buildRequest(route.method, route.path, question.trim(), parameters), classification };
}

function buildRequest(method: 'GET' | 'POST', path: ApiPath, question: string, p: RouteDecision['parameters']): ReadyRequest {
  const missing: string[] = [];
  const query: Record<string, string | number> = {};
  let filled: string = path;
  switch (path) {
    case '/countries/{country}':
      if (p.country) filled = `/countries/${p.country}`;
      else missing.push('country');
      break;
    case '/requirements':
      if (p.country) query.country = p.country;
      else missing.push('country');
      if (p.travel_purpose) query.travel_purpose = p.travel_purpose;
      break;
    case '/financial-requirements':
      if (p.country) query.country = p.country;
      else missing.push('country');
      if (p.days !== null && p.days >= 1 && p.days <= MAX_DAYS) query.days = p.days;
      break;
    case '/sources':
      if (p.country) query.country = p.country;
      if (p.topic) query.topic = p.topic;
      break;
    case '/appointments':
      if (p.country) query.country = p.country;
      else missing.push('country');
      break;
    default:
      break;
  }
  return {
    method,
    path: `${API_BASE}${filled}`,
    template: path,
    query: method === 'GET' ? query : null,
    body: method === 'POST' ? { question } : null,
    missing,
  };
}
