// ESLint (flat config): typescript-eslint's recommended rules, the layer boundaries of
// docs/architecture.md ("Layers"), and the house style the formatter cannot enforce.
import tseslint from 'typescript-eslint';

/** What each pure library may import besides itself (docs/architecture.md, "Layers"). */
const layer = (allowed, message) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { group: ['@naiko/*', ...allowed.map((a) => `!${a}`)], message },
        { group: ['@nestjs/*', '@prisma/*', 'ioredis', 'bullmq', 'socket.io', 'socket.io-client', 'pg'], message },
      ],
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'libs/persistence/src/generated/**',
      'test-results/**',
      'coverage/**',
      '.data/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Lines are 120 characters at most (the formatter wraps code; comments and strings are ours).
      'max-len': [
        'error',
        { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true, ignorePattern: '^import |^export \\* from' },
      ],
    },
  },
  {
    files: ['libs/engine/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: layer([], 'libs/engine is pure: it imports nothing of the other layers (docs/architecture.md, Layers)'),
  },
  {
    files: ['libs/table/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: layer(['@naiko/engine'], 'libs/table may import only libs/engine (docs/architecture.md, Layers)'),
  },
  {
    files: ['libs/tournament/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: layer(
      ['@naiko/engine', '@naiko/table'],
      'libs/tournament may import only libs/table and libs/engine (docs/architecture.md, Layers)',
    ),
  },
  {
    files: ['libs/contracts/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: layer(
      ['@naiko/engine', '@naiko/table', '@naiko/tournament'],
      'libs/contracts is shared with clients: no platform or persistence',
    ),
  },
  {
    files: ['apps/web/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@naiko/platform', '@naiko/persistence', '@nestjs/*', '@prisma/*', 'node:*'],
              message: 'the web client runs in the browser',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests, benchmarks and scripts may require() and use any layer.
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,mjs,ts}', '**/*.spec.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
