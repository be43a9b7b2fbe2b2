import type { StatusReport } from '../../capabilities/status-report.js';
import { cspHash, escapeHtml } from './html.js';

const STYLE = `
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:60rem;padding:1.5rem;color:#1b1f24;background:#fff}
h1{font-size:1.6rem;margin:0 0 .25rem}
p.lead{color:#57606a;margin:0 0 1.5rem}
table{border-collapse:collapse;width:100%;margin:0 0 2rem}
th,td{text-align:left;padding:.5rem .75rem;border-bottom:1px solid #d0d7de;vertical-align:top}
th{background:#f6f8fa}
code{font:14px ui-monospace,SFMono-Regular,Menlo,monospace}
.state{display:inline-block;padding:.1rem .6rem;border-radius:1rem;font-size:.85rem;white-space:nowrap}
.state-active{background:#dafbe1;color:#116329}
.state-awaiting_integration{background:#fff8c5;color:#7d4e00}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dt{font-weight:600}
dd{margin:0}
footer{color:#57606a;font-size:.9rem}
`;

const STATE_LABELS: Record<string, string> = {
  active: 'Active',
  awaiting_integration: 'Awaiting integration',
};

/** The status page's Content-Security-Policy: its one inline style by hash, nothing else. */
export const STATUS_PAGE_CSP = `default-src 'none'; style-src ${cspHash(STYLE)}; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/**
 * Renders the status report as a self-contained HTML page: every value escaped, no script, no
 * external asset, so it works offline and under STATUS_PAGE_CSP.
 */
export function renderStatusPage(report: StatusReport): string {
  const rows = report.capabilities
    .map(
      (capability) => `<tr data-capability="${escapeHtml(capability.id)}" data-state="${escapeHtml(capability.state)}">
<td>${escapeHtml(capability.name)}<br><code>${escapeHtml(capability.id)}</code></td>
<td><code>${escapeHtml(capability.operation)}</code></td>
<td><span class="state state-${escapeHtml(capability.state)}">${escapeHtml(STATE_LABELS[capability.state] ?? capability.state)}</span></td>
</tr>`,
    )
    .join('\n');
  const freshness = report.data_freshness;
  const sources = report.source_freshness;
  const date = (value: string | null) => (value === null ? 'unknown' : `<time datetime="${escapeHtml(value)}">${escapeHtml(value)}</time>`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Status · ${escapeHtml(report.service)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(report.service)} status</h1>
<p class="lead">${report.summary.active} of ${report.capabilities.length} capabilities active, ${report.summary.awaiting_integration} awaiting integration. A capability awaiting integration answers <code>501 capability_not_available</code> and never returns data.</p>
<h2>Capabilities</h2>
<table id="capabilities">
<thead><tr><th scope="col">Capability</th><th scope="col">Operation</th><th scope="col">State</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2>Data freshness</h2>
<dl id="freshness">
<dt>Newest verification</dt><dd>${date(freshness.newest_verified_at)}</dd>
<dt>Oldest verification</dt><dd>${date(freshness.oldest_verified_at)}</dd>
<dt>Facts with a verification date</dt><dd>${freshness.dated_facts}</dd>
<dt>Facts without one</dt><dd>${freshness.undated_facts}</dd>
${freshness.note === null ? '' : `<dt>Note</dt><dd>${escapeHtml(freshness.note)}</dd>`}
</dl>
<h3>Sources</h3>
<dl id="source-freshness">
<dt>Most recently checked</dt><dd>${date(sources.newest_checked_at)}</dd>
<dt>Least recently checked</dt><dd>${date(sources.oldest_checked_at)}</dd>
<dt>Sources with a check date</dt><dd>${sources.checked_sources}</dd>
<dt>Sources never checked</dt><dd>${sources.unchecked_sources}</dd>
<dt>Sources checked more than ${sources.stale_after_days} days ago</dt><dd>${sources.stale_sources}</dd>
</dl>
<p>The list of sources to check next: <a href="${escapeHtml(sources.list)}">${escapeHtml(sources.list)}</a> (or <code>npx svc sources stale</code>).</p>
</main>
<footer>
<p>Rules loaded ${escapeHtml(report.rules_loaded_at)} · page generated ${escapeHtml(report.generated_at)} · contract ${escapeHtml(report.contract_version)} · <a href="/status.json">status.json</a> · <a href="/docs">API reference</a> · <a href="/openapi.json">openapi.json</a></p>
<p>Responses of this API are general information from the sources each lists, marked official or not; they are not an official consular decision.</p>
</footer>
</body>
</html>
`;
}
