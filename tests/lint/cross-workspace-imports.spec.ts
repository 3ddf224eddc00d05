import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * Runs ESLint's Node API (`new ESLint({ cwd })` + `lintText`) with the repository's own
 * eslint.config.mjs on fixture code, as if each lived at its `file`. In a child process: Jest's
 * module sandbox cannot load an ES module config (no --experimental-vm-modules).
 */
function lintAll(fixtures: Array<[file: string, code: string]>): LintMessage[][] {
  const script = `
    const { ESLint } = require('eslint');
    const { join } = require('node:path');
    const fixtures = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    const eslint = new ESLint({ cwd: process.cwd() });
    Promise.all(
      fixtures.map(([file, code]) => eslint.lintText(code, { filePath: join(process.cwd(), file) })),
    ).then((results) => {
      const messages = results.map(([result]) =>
        result.messages.map(({ ruleId, message }) => ({ ruleId, message })),
      );
      process.stdout.write(JSON.stringify(messages));
    });
  `;
  const output = execFileSync(process.execPath, ['-e', script], {
    cwd: ROOT,
    input: JSON.stringify(fixtures),
    encoding: 'utf8',
  });
  return JSON.parse(output) as LintMessage[][];
}

interface LintMessage {
  ruleId: string | null;
  message: string;
}

const RULE = 'handcheck/no-cross-workspace-imports';

/** [file, code, what ESLint must say] */
const REFUSED: Array<[string, string, { ruleId: string; message: RegExp }]> = [
  [
    'web/src/analytics/x.ts',
    "export { parseEventBatch } from '../../../services/gateway/src/events/events-route';",
    {
      ruleId: RULE,
      message:
        /^web must not import services\/gateway's files by relative path .*Services are applications/,
    },
  ],
  [
    'web/e2e/x.e2e-spec.ts',
    "export { eventually } from '../../packages/server-kit/src/testing';",
    {
      ruleId: RULE,
      message:
        /^web must not import packages\/server-kit's files.*Import its package, @handcheck\/server-kit/,
    },
  ],
  [
    'packages/diagnosis/src/x.ts',
    "export * from '../../site-paths/src/index';",
    {
      ruleId: RULE,
      message:
        /^packages\/diagnosis must not import packages\/site-paths's files.*@handcheck\/site-paths/,
    },
  ],
  [
    'services/gateway/src/events/x.ts',
    "export { AppModule } from '../../../ingestion/src/app.module';",
    { ruleId: RULE, message: /^services\/gateway must not import services\/ingestion's files/ },
  ],
  [
    'packages/contracts/scripts/x.js',
    "module.exports = require('../../../services/gateway/src/create-gateway');",
    { ruleId: RULE, message: /^packages\/contracts must not import services\/gateway's files/ },
  ],
  [
    'web/src/x.ts',
    "export const load = () => import('@handcheck/gateway');",
    { ruleId: RULE, message: /^web must not import the service services\/gateway/ },
  ],
  [
    'web/src/x.ts',
    "export { TOPICS } from '@handcheck/contracts';",
    // The package's root would bring the protobuf runtime into the bundle.
    { ruleId: 'no-restricted-imports', message: /'@handcheck\/contracts\/browser-events'/ },
  ],
  [
    // kafkajs lives behind server-kit's KafkaModule only.
    'services/ingestion/src/analytics/x.ts',
    "export { Kafka } from 'kafkajs';",
    { ruleId: 'no-restricted-imports', message: /kafkajs is wrapped by server-kit's KafkaModule/ },
  ],
  [
    'tests/integration/x.int-spec.ts',
    "export { Kafka } from 'kafkajs';",
    { ruleId: 'no-restricted-imports', message: /@handcheck\/server-kit\/testing/ },
  ],
];

const ALLOWED: Array<[string, string]> = [
  // Another workspace through its package name (or a subpath export).
  ['web/src/x.ts', "export { parseEventBatch } from '@handcheck/contracts/browser-events';"],
  ['web/e2e/x.e2e-spec.ts', "export { eventually } from '@handcheck/server-kit/testing';"],
  ['services/gateway/src/x.ts', "export { TOPICS } from '@handcheck/contracts';"],
  // Its own files, however far up.
  ['web/e2e/x.e2e-spec.ts', "export { FLUSH_DELAY_MS } from '../src/analytics/createTracker';"],
  ['services/gateway/src/events/x.ts', "export { GatewayEnv } from '../config/gateway.env';"],
  // tests/ is no workspace: the integration harness boots the services from their sources.
  ['tests/support/x.ts', "export { AppModule } from '../../services/gateway/src/app.module';"],
  ['packages/server-kit/src/kafka/x.ts', "export { Kafka } from 'kafkajs';"],
];

describe("imports of another workspace's files", () => {
  let refused: LintMessage[][];
  let allowed: LintMessage[][];

  beforeAll(() => {
    const all = lintAll([...REFUSED, ...ALLOWED].map(([file, code]) => [file, code]));
    refused = all.slice(0, REFUSED.length);
    allowed = all.slice(REFUSED.length);
  }, 60_000);

  it.each(REFUSED.map((fixture, index) => [fixture[0], fixture[1], index] as const))(
    'refuses in %s: %s',
    (_file, _code, index) => {
      const { ruleId, message } = REFUSED[index][2];
      expect(refused[index]).toEqual([{ ruleId, message: expect.stringMatching(message) }]);
    },
  );

  it.each(ALLOWED.map((fixture, index) => [fixture[0], fixture[1], index] as const))(
    'allows in %s: %s',
    (_file, _code, index) => {
      expect(allowed[index]).toEqual([]);
    },
  );
});
