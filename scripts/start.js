// `npm start`: fast swc build (scripts/build.js), then the all-in-one app (or the app named by
// the first argument: `npm start -- lobby`), with the server's V8 flags (scripts/node-flags.js).
const { spawn } = require('node:child_process');
const { join } = require('node:path');
const { serverNodeFlags } = require('./node-flags');

const flags = serverNodeFlags();
if (!flags.every((f) => process.execArgv.includes(f))) {
  // V8 flags must be on the command line: run this script again as a child that has them.
  const child = spawn(process.execPath, [...process.execArgv, ...flags, __filename, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  // Every stop signal sent to this process is passed on to the server, and this process stays
  // until the server has shut down: its exit is ours. (`npm start` runs `exec node scripts/start.js`,
  // so npm's signal reaches this process and not a shell that would die and leave the server
  // running.) Ctrl-C in a terminal reaches both processes; the server ignores the repeat.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return;
}

const { build } = require('./build');
const { buildWeb } = require('./build-web');

const app = process.argv[2] ?? 'all-in-one';
build();
buildWeb(); // the web client (dist/web), only when missing or older than apps/web
process.env.NODE_ENV ??= 'development';
require(join(__dirname, '..', 'dist', 'apps', app, 'src', 'main.js'));
