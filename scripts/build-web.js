// Builds the web client (apps/web, Vite 7) into dist/web when it is missing or older than any
// of its sources (apps/web, libs/contracts, which the client is typed against, and the engine's list
// of games in libs/engine/src/variants). Called by
// `npm start` (scripts/start.js), postinstall and the browser tests; `node scripts/build-web.js
// --force` rebuilds unconditionally.
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const out = join(root, 'dist', 'web', 'index.html');
// The engine's variants: the contracts take the list of games from there.
const inputs = [
  join(root, 'apps', 'web'),
  join(root, 'libs', 'contracts', 'src'),
  join(root, 'libs', 'engine', 'src', 'variants'),
];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale() {
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return inputs.some((dir) => existsSync(dir) && newestMtime(dir) > built);
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Returns true when it built, false when dist/web was up to date; throws when the build fails.
 * Several processes may ask at once (parallel test files): one builds under a lock directory, the
 * others wait for it; the new build goes to a temporary folder and replaces dist/web by renames,
 * so a running server never sees a half-written folder for longer than two renames.
 */
function buildWeb({ force = false } = {}) {
  if (!force && !isStale()) return false;
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite)) {
    // `npm ci --omit=dev` (Docker runtime stage): the build stage already built dist/web.
    console.log('build-web: vite not installed, skipping the web client build');
    return false;
  }
  const dist = join(root, 'dist');
  const lock = join(dist, '.web-build.lock');
  mkdirSync(dist, { recursive: true });
  for (let waited = 0; ; waited += 100) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than two minutes belongs to a build that died.
      if (waited > 120_000) rmSync(lock, { recursive: true, force: true });
      sleep(100);
    }
  }
  try {
    if (!force && !isStale()) return false;
    const tmp = join(dist, `web.tmp-${process.pid}`);
    const result = spawnSync(
      process.execPath,
      [vite, 'build', '--config', join(root, 'apps', 'web', 'vite.config.mjs'), '--outDir', tmp],
      { cwd: root, stdio: 'inherit' },
    );
    if (result.status !== 0) throw new Error(`web client build failed (exit ${result.status})`);
    const old = join(dist, `web.old-${process.pid}`);
    const out = join(dist, 'web');
    if (existsSync(out)) renameSync(out, old);
    renameSync(tmp, out);
    rmSync(old, { recursive: true, force: true });
    return true;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const started = Date.now();
  try {
    const built = buildWeb({ force: process.argv.includes('--force') });
    console.log(
      built ? `build-web: dist/web built in ${Date.now() - started} ms` : 'build-web: dist/web is up to date',
    );
  } catch (err) {
    console.error(`build-web: ${err.message}`);
    process.exit(1);
  }
}
module.exports = { buildWeb };
