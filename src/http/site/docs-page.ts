import { CONTRACT_DECISIONS, DECISIONS_PAGE_PATH } from '../../openapi/contract-decisions.js';
import { GETTING_STARTED, LOCAL_URL } from '../../openapi/getting-started.js';
import { escapeHtml } from './html.js';

/** Where the swagger-ui-dist files are served (by us: the reference works with no internet). */
export const DOCS_ASSETS_PATH = '/docs/assets';

/**
 * The reference page's CSP: our own scripts and styles only. Swagger UI sets inline style
 * attributes and draws icons from data: URIs, hence those two; it fetches /openapi.json and sends
 * "Try it out" requests to the same origin (connect-src 'self').
 */
export const DOCS_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Inline Markdown of our own texts (code spans, bold) as HTML, everything else escaped. */
function inlineMarkdown(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

/** The styles of our own blocks; Swagger UI brings its own. Served as a file (style-src 'self'). */
export const DOCS_CSS = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328}
.guide{max-width:1460px;margin:0 auto;padding:24px 20px 8px;box-sizing:border-box}
.guide h1{font-size:28px;margin:0 0 4px}
.guide .lead{margin:0 0 16px;color:#57606a}
.guide ol{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:16px;list-style:none;padding:0;margin:0;counter-reset:step}
.guide li{border:1px solid #d0d7de;border-radius:8px;padding:14px 16px;background:#f6f8fa;counter-increment:step}
.guide h2{font-size:18px;margin:0 0 8px}
.guide h2::before{content:counter(step) ". ";color:#0969da}
.guide pre{background:#0d1117;color:#e6edf3;padding:10px 12px;border-radius:6px;overflow-x:auto;font-size:13px;margin:0 0 8px;white-space:pre-wrap;word-break:break-all}
.guide p{margin:0;font-size:14px;line-height:1.5}
.guide code{font-size:90%}
.guide nav{margin:16px 0 0;font-size:14px}
.decisions{max-width:1100px;margin:0 auto;padding:24px 20px}
.decisions table{border-collapse:collapse;width:100%;font-size:14px}
.decisions th,.decisions td{border:1px solid #d0d7de;padding:8px 10px;text-align:left;vertical-align:top}
`;

/** "Get a key → first call → read the answer": the first thing on /docs, before the operations. */
export function renderGettingStarted(): string {
  const steps = GETTING_STARTED.map(
    (step) => `<li><h2>${escapeHtml(step.title)}</h2><pre><code>${step.commands.map(escapeHtml).join('\n')}</code></pre><p>${inlineMarkdown(step.explanation)}</p></li>`,
  ).join('\n');
  return `<section class="guide" id="getting-started" aria-labelledby="getting-started-title">
<h1 id="getting-started-title">Getting started</h1>
<p class="lead">Get a key, make a first call, read the answer. Start the server with <code>npm ci &amp;&amp; npm start</code> from a clone; it listens on ${escapeHtml(LOCAL_URL)}.</p>
<ol>
${steps}
</ol>
<nav>Then: the operations below (try them with <strong>Authorize</strong>), <a href="${DECISIONS_PAGE_PATH}">the design decisions</a>, <a href="/status">the status of each capability</a>, <a href="/openapi.json">/openapi.json</a> to generate a client.</nav>
</section>`;
}

/** The HTML shell of /docs: the getting-started block, then the UI started by /docs/init.js (no inline script). */
export const DOCS_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Schengen Information API</title>
<link rel="stylesheet" href="${DOCS_ASSETS_PATH}/swagger-ui.css">
<link rel="stylesheet" href="/docs/docs.css">
<link rel="icon" type="image/png" href="${DOCS_ASSETS_PATH}/favicon-32x32.png">
</head>
<body>
${renderGettingStarted()}
<div id="swagger-ui"></div>
<script src="${DOCS_ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

/** /docs/decisions: what the service does where the specification leaves a point open. */
export const DECISIONS_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Design decisions · Schengen Information API</title>
<link rel="stylesheet" href="/docs/docs.css">
</head>
<body>
<main class="decisions">
<h1>Design decisions</h1>
<p>What the service does where the specification leaves a point open or "not shown". Back to <a href="/docs">the API reference</a>.</p>
<table>
<thead><tr><th>Open point (spec section)</th><th>Decision</th></tr></thead>
<tbody>
${CONTRACT_DECISIONS.map((row) => `<tr><td>${inlineMarkdown(row.topic)}</td><td>${inlineMarkdown(row.decision)}</td></tr>`).join('\n')}
</tbody>
</table>
</main>
</body>
</html>
`;

/** Starts Swagger UI on /openapi.json, with no call to the public validator service. */
export const DOCS_INIT_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    persistAuthorization: false,
  });
});
`;
