// One Jest run covers every workspace; projects split fast unit tests from
// those that need the real engines (integration) or a real browser (e2e).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        react: { runtime: 'automatic' },
      },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  // Workspace packages are resolved to their sources so tests never need a build first.
  moduleNameMapper: {
    '^@handcheck/(contracts|diagnosis|server-kit|service-registry|site-paths)$':
      '<rootDir>/packages/$1/src/index.ts',
    '^@handcheck/server-kit/testing$': '<rootDir>/packages/server-kit/src/testing/index.ts',
    // The browser's event contract alone, without the protobuf runtime (what the web imports).
    '^@handcheck/contracts/browser-events$':
      '<rootDir>/packages/contracts/src/browser-events/index.ts',
    // The referral's limits, cleaning and messages alone (what the web's referral form imports).
    '^@handcheck/contracts/referral-fields$':
      '<rootDir>/packages/contracts/src/referral/referral-fields.ts',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Only these are crawled: var/ holds the engines' data and the test cluster's image layers
  // (gigabytes, with copies of our package.json files).
  roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/web', '<rootDir>/tests'],
  modulePathIgnorePatterns: ['<rootDir>/var/'],
  // The readability check's libraries (flesch-kincaid, syllable) ship only as ES modules, and
  // @fastify/cookie loads the ES-only cookie by import(), which Jest's VM refuses without
  // --experimental-vm-modules: compiled to CommonJS, import() becomes a require.
  transformIgnorePatterns: ['/node_modules/(?!(flesch-kincaid|syllable|@fastify/cookie|cookie)/)'],
  // Decorator metadata (Nest, class-validator) needs the polyfill before any class loads.
  setupFiles: ['reflect-metadata'],
  rootDir: __dirname,
};

// The specs that stop or restart a shared engine of the test profile (Kafka, ClickHouse, the
// referral service): nothing may run beside them, so they form the faults project, which
// `make test` runs alone after every other project.
const FAULTS = [
  '/tests/integration/events/ingestion-resilience\\.int-spec\\.ts$',
  '/tests/integration/referrals/referral-outages\\.int-spec\\.ts$',
  '/tests/integration/gateway/health\\.int-spec\\.ts$',
  '/web/e2e/faults/',
];

// One Chromium for a run's browser specs, launched before the first and closed after the last.
const browserServer = {
  globalSetup: '<rootDir>/tests/support/browser/global-setup.ts',
  globalTeardown: '<rootDir>/tests/support/browser/global-teardown.ts',
};

// Against real engines on a busy two-core machine, a step Jest's default 5 s allows can take
// longer (a migration of a few tables did, at a load of 27); a spec may still set its own.
// Set by a setup file: a project's own `testTimeout` is not read (only the global one is).
const engines = { setupFilesAfterEnv: ['<rootDir>/tests/support/engine-timeout.ts'] };

module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{packages,services,web,tests}/**/*.spec.{ts,tsx}'],
    },
    {
      ...shared,
      ...engines,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{packages,services,tests}/**/*.int-spec.ts'],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, ...FAULTS],
    },
    {
      ...shared,
      ...engines,
      displayName: 'e2e',
      testEnvironment: 'node',
      ...browserServer,
      testMatch: ['<rootDir>/{web,tests}/**/*.e2e-spec.ts'],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, ...FAULTS],
    },
    {
      ...shared,
      ...engines,
      displayName: 'faults',
      testEnvironment: 'node',
      ...browserServer,
      testRegex: FAULTS.map((path) => (path.endsWith('/') ? `${path}.*\\.e2e-spec\\.ts$` : path)),
    },
  ],
};
