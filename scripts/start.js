// `npm start`: fast swc build (scripts/build.js), then the all-in-one app (or the app named by
// the first argument: `npm start -- lobby`).
const { build } = require('./build');
const { buildWeb } = require('./build-web');
const { join } = require('node:path');

const app = process.argv[2] ?? 'all-in-one';
build();
buildWeb(); // the web client (dist/web), only when missing or older than apps/web
process.env.NODE_ENV ??= 'development';
require(join(__dirname, '..', 'dist', 'apps', app, 'src', 'main.js'));
