/**
 * The operation paths of the v1 API, relative to the server URL, as the spec writes them: the
 * vocabulary a route names (rules/language/intents.json is validated against it) and the keys of
 * `paths` in /openapi.json (a test compares them with the mounted operations), so the path
 * POST /route returns can be handed to a generated client as it is.
 */
export const API_PATHS = [
  '/route',
  '/classify',
  '/countries',
  '/countries/{country}',
  '/requirements',
  '/financial-requirements',
  '/sources',
  '/answer',
  '/appointments',
  '/refusal/analyze',
  '/entry-ban/analyze',
  '/visa-status/analyze',
] as const;
export type ApiPath = (typeof API_PATHS)[number];
