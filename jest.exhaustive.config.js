// Slow exhaustive enumeration tests (all 133,784,560 seven-card hands etc.).
const base = require('./jest.config.js').projects[0];
module.exports = { ...base, displayName: 'exhaustive', testMatch: ['<rootDir>/libs/**/*.exhaustive.ts'], testTimeout: 600000 };
