// The exhaustive enumeration tests alone (`npm run test:exhaustive`); `npm test` runs them too.
const { projects } = require('./jest.config.js');
module.exports = projects.find((p) => p.displayName === 'exhaustive');
