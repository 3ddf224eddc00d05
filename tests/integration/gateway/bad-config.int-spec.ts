import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@handcheck/server-kit/testing';

// Each built service, started with a bad setting, refuses to start and names it.
// (Runs on the build that `make test` makes before the Jest suites.)
const CASES: Array<[string, Record<string, string>, RegExp]> = [
  ['gateway', { PORT: 'eighty' }, /gateway cannot start[\s\S]*PORT/],
  ['gateway', { KAFKA_BROKERS: 'not a broker list' }, /KAFKA_BROKERS must be a comma-separated list/],
  ['ingestion', { CLICKHOUSE_URL: 'ftp//nowhere' }, /ingestion cannot start[\s\S]*CLICKHOUSE_URL/],
  ['ingestion', { CLICKHOUSE_DATABASE: 'drop; table' }, /CLICKHOUSE_DATABASE must be a plain identifier/],
  ['directory', { MONGO_URL: 'http://wrong' }, /directory cannot start[\s\S]*MONGO_URL must be a mongodb:\/\/ connection string/],
  ['referral', { SMTP_PORT: '70000' }, /referral cannot start[\s\S]*SMTP_PORT/],
  ['report', { NODE_ENV: 'staging' }, /report cannot start[\s\S]*NODE_ENV/],
  // Every service that serves or calls gRPC needs the internal credential in production.
  ...(['gateway', 'directory', 'referral', 'report'] as const).map(
    (service): [string, Record<string, string>, RegExp] => [
      service,
      { NODE_ENV: 'production' },
      new RegExp(`${service} cannot start[\\s\\S]*INTERNAL_GRPC_TOKEN must be at least 32`),
    ],
  ),
];

describe('configuration is validated at start', () => {
  it.each(CASES)('%s with %j exits non-zero naming the setting', (service, env, message) => {
    const main = join(REPO_ROOT, 'services', service, 'dist', 'main.js');
    expect(existsSync(main)).toBe(true);
    const result = spawnSync(process.execPath, [main], {
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toMatch(message);
  });
});
