#!/usr/bin/env node
// The `svc` bin: runs the TypeScript CLI through tsx, so `npx svc …` works right after `npm ci`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsxCli = require.resolve('tsx/cli');
const result = spawnSync(process.execPath, [tsxCli, join(root, 'src/cli/svc.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: process.cwd(),
});
process.exit(result.status ?? 1);
