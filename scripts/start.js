// `npm start`: fast swc build (scripts/build.js), then the all-in-one app (or the app named by
// the first argument: `npm start -- lobby`).
const { build } = require('./build');
const { join } = require('node:path');

const app = process.argv[2] ?? 'all-in-one';
build();
process.env.NODE_ENV ??= 'development';
require(join(__dirname, '..', 'dist', 'apps', app, 'src', 'main.js'));
