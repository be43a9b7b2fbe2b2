import express, { type Request } from 'express';
import helmet from 'helmet';
import type { AppDeps } from './app-deps.js';
import { ApiError } from './errors/api-error.js';
import { createApiRouter, rejectWhileDraining } from './http/api-router.js';
import { answerPreflight, cors } from './http/cors.js';
import { errorHandler } from './http/error-handler.js';
import { OPERATIONS } from './http/operations/index.js';
import { requestContext } from './http/request-context.js';
import { createHealthRouter, createSiteRouter } from './http/site/site-router.js';

/** The API's base paths: the spec's `/api/v1`, and `/v1` as the reference writes it. */
export const API_BASE_PATHS = ['/api/v1', '/v1'] as const;

/**
 * Builds the whole HTTP app from its collaborators. Read top to bottom, this is the order
 * every request goes through. Holds no state of its own besides the cached OpenAPI document.
 */
export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.TRUST_PROXY);
  app.set('json spaces', 0);
  // Every body carries its own request_id, so an ETag could never match: computing one (a SHA-1
  // of each body) was pure cost on the request path.
  app.set('etag', false);
  app.set('case sensitive routing', true);

  app.use(requestContext(deps.logger));
  // A JSON API: nothing in a response may load or run anything. The HTML pages (/docs, /status)
  // replace this CSP with their own. The headers that only concern how a browser treats an HTML
  // document (DNS prefetch, download prompts, XSS filter, Flash policies, origin-keyed agent
  // clusters, opener isolation) are left out: every header is work on every response.
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
      },
      crossOriginResourcePolicy: { policy: 'same-site' },
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }),
  );
  // Without CORS_ORIGINS (the default) no request gets CORS headers: the step is not mounted at all.
  if (deps.config.CORS_ORIGINS.length > 0) app.use(cors(deps.config.CORS_ORIGINS));

  // The API checks draining itself, after the rate-limit headers are set.
  const api = createApiRouter(deps, OPERATIONS);
  for (const base of API_BASE_PATHS) app.use(base, api);

  // Health before the draining check: it answers while draining (readyz then says not ready).
  // After the API routers, so that API requests do not walk its routes.
  app.use(createHealthRouter(deps));

  app.use(rejectWhileDraining(deps.lifecycle));
  app.use(answerPreflight);
  app.use(createSiteRouter(deps, OPERATIONS));

  app.use((req: Request) => {
    throw new ApiError('not_found', `Nothing at ${req.method} ${req.path}. The API is under /api/v1; see /openapi.json and /docs.`);
  });
  app.use(errorHandler(deps.logger));
  return app;
}
