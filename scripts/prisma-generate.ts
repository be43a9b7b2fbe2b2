// Generates the Prisma clients from prisma/schema.prisma: src/generated/prisma (SQLite, the
// embedded default) and src/generated/prisma-pg (PostgreSQL, the multi-instance mode) from the
// same models with the provider swapped, written to src/generated/schema.postgresql.prisma.
// Runs on install (postinstall) and as `npm run prisma:generate`.
//
// `prisma generate` insists on locating its schema engine binary, which it downloads on first use;
// offline that download fails although generation never runs the engine. When
// PRISMA_SCHEMA_ENGINE_BINARY is unset we point it at an existing file (this Node binary), which
// is enough for `generate`. A value the operator set is left alone.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const prismaCli = createRequire(import.meta.url).resolve('prisma/build/index.js');
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
const sqliteSchema = join(root, 'prisma/schema.prisma');
const source = readFileSync(sqliteSchema, 'utf8');
const postgresSchema = join(root, 'src/generated/schema.postgresql.prisma');
const postgresSource = source
  .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
  .replace(/output\s*=\s*"\.\.\/src\/generated\/prisma"/, 'output       = "./prisma-pg"');
if (postgresSource === source || !postgresSource.includes('"./prisma-pg"')) {
  console.error('prisma-generate: could not derive the PostgreSQL schema (provider or output line changed in prisma/schema.prisma).');
  process.exit(1);
}
mkdirSync(dirname(postgresSchema), { recursive: true });
writeFileSync(postgresSchema, `// Derived from prisma/schema.prisma by scripts/prisma-generate.ts; do not edit.\n${postgresSource}`);

for (const schema of [sqliteSchema, postgresSchema]) {
  const result = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', schema], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`prisma generate failed for ${schema}; the API cannot start without src/generated. Run "npm run prisma:generate" to retry.`);
    process.exit(result.status ?? 1);
  }
}
