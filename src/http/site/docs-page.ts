/** Where the swagger-ui-dist files are served (by us: the reference works with no internet). */
export const DOCS_ASSETS_PATH = '/docs/assets';

/**
 * The reference page's CSP: our own scripts and styles only. Swagger UI sets inline style
 * attributes and draws icons from data: URIs, hence those two; it fetches /openapi.json and sends
 * "Try it out" requests to the same origin (connect-src 'self').
 */
export const DOCS_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The HTML shell of /docs; the UI itself is started by /docs/init.js (no inline script). */
export const DOCS_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Schengen Information API</title>
<link rel="stylesheet" href="${DOCS_ASSETS_PATH}/swagger-ui.css">
<link rel="icon" type="image/png" href="${DOCS_ASSETS_PATH}/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
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
