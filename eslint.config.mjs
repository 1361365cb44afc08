// ESLint (flat config): typescript-eslint's recommended rules, the layer boundaries of
// docs/architecture.md ("Layers"), and the house style the formatter cannot enforce.
import tseslint from 'typescript-eslint';
import noShortNames from './eslint-rules/no-short-names.js';

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
    plugins: { naiko: { rules: { 'no-short-names': noShortNames } } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Lines are 120 characters at most (the formatter wraps code; comments are ours to wrap).
      // Strings and template literals may run longer: a test title or an error message split into
      // concatenated pieces reads worse and can no longer be found with grep.
      'max-len': [
        'error',
        {
          code: 120,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignorePattern: '^import |^export \\* from',
        },
      ],
      'naiko/no-short-names': 'error',
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
    // jest's CommonJS configs (jest.exhaustive.config.js) require() each other.
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,mjs,ts}', '**/*.spec.ts', 'jest*.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
