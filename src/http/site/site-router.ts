import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { type Request, type Response } from 'express';
import type { AppDeps } from '../../app-deps.js';
import type { CapabilityRegistry } from '../../capabilities/capability-registry.js';
import { buildStatusReport } from '../../capabilities/status-report.js';
import { STALE_SOURCES_PATH } from '../../capabilities/data-freshness.js';
import { calendarDateOf, DEFAULT_STALE_AFTER_DAYS, staleSources } from '../../knowledge/source-checks.js';
import { buildOpenApiDocument, CONTRACT_VERSION, type OpenApiDocument } from '../../openapi/openapi-document.js';
import { DECISIONS_PAGE_PATH } from '../../openapi/contract-decisions.js';
import type { Operation } from '../operation.js';
import { DECISIONS_PAGE_HTML, DOCS_ASSETS_PATH, DOCS_CSS, DOCS_INIT_JS, DOCS_PAGE_CSP, DOCS_PAGE_HTML } from './docs-page.js';
import { renderStatusPage, STATUS_PAGE_CSP } from './status-page.js';

/**
 * `/healthz` and `/readyz`, mounted before the draining guard: a load balancer must keep seeing
 * the process alive (healthz 200) and not ready (readyz 503) while it drains.
 */
export function createHealthRouter(deps: AppDeps): express.Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const database = await deps.access.isReady().catch(() => false);
    const rules = isLoaded(deps);
    const checks = { database, rules, draining: deps.lifecycle.draining };
    const ready = database && rules && !checks.draining;
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks });
  });
  return router;
}

function isLoaded(deps: AppDeps): boolean {
  try {
    const rules = deps.rules.current();
    return rules !== undefined && rules.capabilities.list.length > 0;
  } catch {
    return false;
  }
}

/**
 * The folder of swagger-ui-dist's files. Resolved, not imported: the package's main module loads
 * its 1.5 MB browser bundle into the server (about 30 MB of memory and 0.3 s at start) to export
 * objects only a browser uses.
 */
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * Pages outside the API base that need no key: the OpenAPI document, the API reference (its
 * assets served from swagger-ui-dist, so it works offline) and the status page.
 */
export function createSiteRouter(deps: AppDeps, operations: readonly Operation[]): express.Router {
  const router = express.Router();

  // Built, serialised and tagged once per capability registry: a rules reload that changes a
  // state rebuilds it. The app computes no ETags (API bodies are unique), so this one is explicit:
  // with `no-cache`, clients revalidate and get 304 while the document is unchanged.
  const documents = new WeakMap<CapabilityRegistry, { body: string; etag: string }>();
  const documentFor = (registry: CapabilityRegistry): { body: string; etag: string } => {
    let served = documents.get(registry);
    if (served === undefined) {
      const document: OpenApiDocument = buildOpenApiDocument(operations, registry, { bodyLimitBytes: deps.config.BODY_LIMIT });
      const body = JSON.stringify(document);
      served = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      documents.set(registry, served);
    }
    return served;
  };

  router.get('/openapi.json', (_req, res) => {
    const { body, etag } = documentFor(deps.rules.current().capabilities);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', etag);
    res.type('json').send(body);
  });

  router.get('/docs', (_req, res) => sendPage(res, DOCS_PAGE_HTML, DOCS_PAGE_CSP));
  router.get(DECISIONS_PAGE_PATH, (_req, res) => sendPage(res, DECISIONS_PAGE_HTML, DOCS_PAGE_CSP));
  router.get('/docs/docs.css', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('text/css').send(DOCS_CSS);
  });
  router.get('/docs/init.js', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('text/javascript').send(DOCS_INIT_JS);
  });
  router.use(
    DOCS_ASSETS_PATH,
    express.static(SWAGGER_UI_DIR, { index: false, fallthrough: true, maxAge: '1d', immutable: false }),
  );

  // Browsers ask for it on every page; a 404 would be noise in their console.
  router.get('/favicon.ico', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('png').sendFile(join(SWAGGER_UI_DIR, 'favicon-32x32.png'));
  });

  router.get('/status.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(buildStatusReport(deps.rules.current(), deps.clock(), CONTRACT_VERSION));
  });
  // The sources to check next, linked from /status: the document `svc sources stale --json` prints.
  router.get(STALE_SOURCES_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(staleSources(deps.rules.current().knowledge.sources.list, calendarDateOf(deps.clock()), DEFAULT_STALE_AFTER_DAYS));
  });
  router.get('/status', (_req: Request, res: Response) => {
    sendPage(res, renderStatusPage(buildStatusReport(deps.rules.current(), deps.clock(), CONTRACT_VERSION)), STATUS_PAGE_CSP);
  });
  return router;
}

function sendPage(res: Response, html: string, csp: string): void {
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('Cache-Control', 'no-cache');
  res.type('html').send(html);
}
