#!/usr/bin/env node
// The `svc` bin: the operator's command line, compiled (dist/cli/svc.js, built by `npm ci`), run in
// this process with plain node.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const compiled = join(dirname(fileURLToPath(import.meta.url)), '../dist/cli/svc.js');
if (!existsSync(compiled)) {
  console.error(`svc: ${compiled} is missing; build it with "npm run build" (npm ci does it).`);
  process.exit(1);
}
const { runProcessCli } = await import(pathToFileURL(compiled).href);
runProcessCli();
