// Jest on Nest 12: swc instead of ts-jest (see ../shared/STACK.md). Three projects:
// `unit` (pure libs, fast), `exhaustive` (every 5-, 7-card and short-deck hand; ~20 s, so it runs in
// `npm test` too) and `e2e` (apps against the real PostgreSQL and Redis).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    swcrc: false,
  },
];
const libs = ['engine', 'table', 'tournament', 'persistence', 'contracts', 'platform'];
// The generated Prisma client imports `./x.js` (importFileExtension js) from .ts files.
const moduleNameMapper = { '^(\\.{1,2}/.*)\\.js$': '$1' };
for (const lib of libs) {
  moduleNameMapper[`^@naiko/${lib}$`] = `<rootDir>/libs/${lib}/src/index.ts`;
  moduleNameMapper[`^@naiko/${lib}/(.*)$`] = `<rootDir>/libs/${lib}/src/$1`;
}
const common = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)s$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|uid|file-type|@prisma/schema-engine-wasm)/)'],
  moduleNameMapper,
  moduleFileExtensions: ['ts', 'js', 'json'],
  testEnvironment: 'node',
};
module.exports = {
  // A suite that fails half-way can leave a client reconnecting to a private redis-server it already
  // stopped (test/installation-namespace, test/redis-data-loss); jest would then never exit and CI
  // would hang. Suites still close what they open; this only bounds the damage of one that did not.
  forceExit: true,
  // Each e2e suite's modules (Nest, Prisma, socket.io: about 100 MB) stay reachable after it ends,
  // so one process running 200 suites in band grew to gigabytes and spent the last suites in
  // garbage collection (tournament-size: 55 s alone, over 600 s at the end of the run, with
  // stalls long enough to reset HTTP connections). A limit makes jest run the suites in a worker
  // process and start a fresh one whenever a suite leaves it above the limit.
  workerIdleMemoryLimit: '700MB',
  // Two suites at a time even on a 2-core machine (jest's default there is one): most e2e time is
  // spent waiting on PostgreSQL, Redis, timers and child processes, and every suite has its own
  // database and Redis prefix. On the CI machine the whole run went from ~1,550 s to ~980 s.
  maxWorkers: Math.max(2, require('node:os').availableParallelism() - 1),
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts', '<rootDir>/eslint-rules/**/*.spec.ts'],
    },
    { ...common, displayName: 'exhaustive', testMatch: ['<rootDir>/libs/**/*.exhaustive.ts'], testTimeout: 600000 },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/jest-e2e.setup.ts'],
    },
  ],
};
