// `make test-scale` only (scripts/test-scale.sh): specs against the local cluster of
// profile scale (three Kafka brokers, ZooKeeper, two ClickHouse replicas). Kept out
// of jest.config.js so `make test` and a plain `npx jest` never pick them up.
const [unit] = require('./jest.config.js').projects;

module.exports = {
  ...unit,
  displayName: 'scale',
  testMatch: ['<rootDir>/tests/scale/**/*.scale-spec.ts'],
  // Only the sources are crawled: var/ holds engines' data (gigabytes after a
  // `make test-deploy`, with copies of the workspaces in image layers).
  roots: ['<rootDir>/tests', '<rootDir>/packages', '<rootDir>/services'],
  // The test helpers' engine addresses become profile scale's (tests/scale/scale-env.ts).
  setupFiles: [...unit.setupFiles, '<rootDir>/tests/scale/scale-env.ts'],
  // Brokers and replicas are stopped and started: slower than a function call.
  testTimeout: 300_000,
};
