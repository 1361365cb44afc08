// Runs after npm install: generates the Prisma client (libs/persistence/src/generated/prisma).
// Offline: `prisma generate` needs no engine download, but the CLI insists the schema engine
// binary exists, so PRISMA_SCHEMA_ENGINE_BINARY points at any file (see prisma.config.ts).
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const cli = join(root, 'node_modules', 'prisma', 'build', 'index.js');
if (!existsSync(cli)) {
  // `npm ci --omit=dev` (the Docker runtime stage) has no prisma CLI; the client was generated
  // in the build stage.
  console.log('postinstall: prisma CLI not installed, skipping prisma generate');
  process.exit(0);
}
const result = spawnSync(process.execPath, [cli, 'generate'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || __filename, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
});
process.exit(result.status ?? 1);
