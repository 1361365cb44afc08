// Runs after npm install:
// 1. generates the Prisma client (libs/persistence/src/generated/prisma). Offline: `prisma
//    generate` needs no engine download, but the CLI insists the schema engine binary exists,
//    so PRISMA_SCHEMA_ENGINE_BINARY points at any file (see prisma.config.ts);
// 2. when no PostgreSQL answers on 127.0.0.1:5432 (so `npm start` will run on embedded PGlite),
//    initializes the embedded database under .data/pglite now: PostgreSQL's initdb in WASM takes
//    10-20 s, which would otherwise delay the first start.
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync } = require('node:fs');
const { connect } = require('node:net');
const { join, resolve } = require('node:path');

const root = join(__dirname, '..');

function generate() {
  const cli = join(root, 'node_modules', 'prisma', 'build', 'index.js');
  if (!existsSync(cli)) {
    // `npm ci --omit=dev` (the Docker runtime stage) has no prisma CLI; the build stage generated it.
    console.log('postinstall: prisma CLI not installed, skipping prisma generate');
    return 0;
  }
  const result = spawnSync(process.execPath, [cli, 'generate'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || __filename,
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
    },
  });
  return result.status ?? 1;
}

function postgresListens(timeoutMs = 1000) {
  return new Promise((res) => {
    const socket = connect({ host: '127.0.0.1', port: 5432 });
    const done = (ok) => {
      socket.destroy();
      res(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function prepareEmbeddedDatabase() {
  if (process.env.DATABASE_URL || process.env.NODE_ENV === 'production' || process.env.CI) return;
  const dir = resolve(root, process.env.DATA_DIR || '.data', 'pglite');
  if (existsSync(join(dir, 'PG_VERSION')) || (await postgresListens())) return;
  console.log(`postinstall: no PostgreSQL on 127.0.0.1:5432, initializing the embedded database in ${dir}`);
  const { PGlite } = require('@electric-sql/pglite');
  mkdirSync(dir, { recursive: true });
  const pg = await PGlite.create(dir);
  await pg.close();
}

const status = generate();
if (status !== 0) process.exit(status);
prepareEmbeddedDatabase().then(
  () => process.exit(0),
  (err) => {
    // Not fatal: `npm start` initializes it on first use instead.
    console.warn(`postinstall: could not prepare the embedded database (${err.message})`);
    process.exit(0);
  },
);
