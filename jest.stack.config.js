// `make test-deploy` only (scripts/test-deploy.sh): specs that need the private
// Docker engine, the built images and the Kubernetes API server. Kept out of
// jest.config.js so `make test` and a plain `npx jest` never pick them up.
const [unit] = require('./jest.config.js').projects;

module.exports = {
  ...unit,
  displayName: 'stack',
  testMatch: ['<rootDir>/tests/stack/**/*.stack-spec.ts'],
  // Containers and an API server answer slower than a function call.
  testTimeout: 180_000,
};
