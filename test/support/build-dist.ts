import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The compiled build's stamp: tsc's build info, touched after each build (tsc leaves it alone when nothing changed). */
const STAMP = 'dist/.tsbuildinfo';

/** The newest modification time of any file under `dir`. */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Vitest's global setup: the process-level tests and the `svc` bin run the compiled build
 * (`node dist/main.js`, as production does), so dist/ is rebuilt first when a file under src/ (or
 * the build's tsconfig) is newer than the last build. `npm ci` builds it (prepare); this keeps a
 * test run after an edit from exercising stale JavaScript.
 */
export function setup(): void {
  const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
  const sources = Math.max(newestUnder('src'), statSync('tsconfig.build.json').mtimeMs, statSync('tsconfig.json').mtimeMs);
  if (built >= sources) return;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  const now = new Date();
  utimesSync(STAMP, now, now);
}
