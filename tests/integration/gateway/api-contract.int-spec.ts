import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import { createClickHouseServerClient, migrate } from '@handcheck/server-kit';
import {
  REPO_ROOT,
  testClickHouseLogin,
  testInfra,
  uniqueName,
} from '@handcheck/server-kit/testing';
import { AdminUsersRepository } from '../../../services/gateway/src/auth/admin-users.repository';
import {
  AdminUser,
  AdminUserSchema,
} from '../../../services/gateway/src/auth/schemas/admin-user.schema';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { MIGRATIONS } from '../../../services/ingestion/src/clickhouse/schema';
import { type ReportEnv } from '../../../services/report/src/config/report.env';
import { type DirectoryEnv } from '../../../services/directory/src/config/directory.env';
import { type ReferralEnv } from '../../../services/referral/src/config/referral.env';
import {
  type Running,
  startDirectory,
  startGateway,
  startReferral,
  startReport,
} from '../../support/apps';
import { dropDatabase } from '../../support/clickhouse';
import { referralTopic, testKafka, waitUntilPublishing } from '../../support/referrals';

/*
 * What docs/openapi.json promises, checked by schemathesis against the real gateway with
 * its real engines: every operation, with generated valid and invalid requests, the admin's
 * with a real access token. Every answer must be one the document lists, in the shape it
 * gives, with the headers it names; wrong methods must get 405 with Allow.
 *
 * Bounded so that it stays a small part of `make test`: SCHEMATHESIS_MAX_EXAMPLES cases per
 * operation and phase (default below), from a fixed seed unless SCHEMATHESIS_SEED says
 * otherwise, so that a failure is seen again by running it again.
 */

jest.setTimeout(600_000);

const DOCUMENT = join(REPO_ROOT, 'docs', 'openapi.json');
const MAX_EXAMPLES = process.env.SCHEMATHESIS_MAX_EXAMPLES ?? '25';
const SEED = process.env.SCHEMATHESIS_SEED ?? '20261126';
const SECRET = 'api-contract-test-secret-of-32-bytes!';
const PASSWORD = 'a long enough password';

function mongoDatabaseUrl(database: string): string {
  const url = new URL(testInfra().mongoUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The project's own installer: a no-op when this version is already in the cache. */
function schemathesisCommand(): string {
  const output = execFileSync('bash', [join(REPO_ROOT, 'scripts', 'install-schemathesis.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return output.trim().split('\n').at(-1)!;
}

interface RunResult {
  code: number | null;
  output: string;
}

/** Runs in a folder of its own: schemathesis keeps its cassettes in `.schemathesis` there. */
function run(command: string, args: string[], cwd: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, NO_COLOR: '1', SCHEMATHESIS_TELEMETRY: 'false' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('docs/openapi.json, checked by schemathesis against the running gateway', () => {
  const clickhouseDatabase = uniqueName('hc_contract');
  const mongoDatabase = uniqueName('hc_contract');
  const email = `${uniqueName('admin')}@example.com`;
  let connection: Connection;
  let report: Running<ReportEnv> & { grpcAddress: string };
  let directory: Running<DirectoryEnv> & { grpcAddress: string };
  let referral: Running<ReferralEnv> & { grpcAddress: string };
  let gateway: Running<GatewayEnv>;
  let accessToken: string;
  let command: string;
  let workDir: string;

  beforeAll(async () => {
    const setupStarted = Date.now();
    command = schemathesisCommand();
    workDir = mkdtempSync(join(tmpdir(), 'hc-schemathesis-'));
    const server = createClickHouseServerClient({ ...testClickHouseLogin(), database: 'default' });
    await migrate(server, clickhouseDatabase, MIGRATIONS);
    await server.close();

    connection = await mongoose.createConnection(mongoDatabaseUrl(mongoDatabase)).asPromise();
    const users = connection.model(AdminUser.name, AdminUserSchema);
    await users.init();
    // The code `npm run admin:create` runs.
    await new AdminUsersRepository(users).create(email, PASSWORD);

    const kafka = testKafka();
    directory = await startDirectory({ MONGO_URL: mongoDatabaseUrl(mongoDatabase) });
    // For the admin's failed-referral routes. It reads a topic of its own, not the gateway's:
    // the referrals schemathesis makes are checked by the gateway, never mailed.
    referral = await startReferral({
      MONGO_URL: mongoDatabaseUrl(mongoDatabase),
      REFERRAL_TOPIC: await referralTopic(kafka),
      REFERRAL_CONSUMER_GROUP: uniqueName('contract-referral'),
    });
    report = await startReport({
      CLICKHOUSE_DATABASE: clickhouseDatabase,
      MONGO_URL: mongoDatabaseUrl(mongoDatabase),
    });
    gateway = await startGateway({
      MONGO_URL: mongoDatabaseUrl(mongoDatabase),
      JWT_SECRET: SECRET,
      REPORT_GRPC_URL: report.grpcAddress,
      DIRECTORY_GRPC_URL: directory.grpcAddress,
      // A topic no referral consumer reads: generated referrals are checked, never mailed.
      REFERRAL_TOPIC: await referralTopic(kafka),
      REFERRAL_GRPC_URL: referral.grpcAddress,
      // The per-client limits have tests of their own; here they would hide every other answer.
      REFERRAL_RATE_LIMIT: '100000',
    });

    await waitUntilPublishing(gateway.url);

    const login = await fetch(`${gateway.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-handcheck-auth': '1' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    accessToken = ((await login.json()) as { accessToken: string }).accessToken;
    process.stdout.write(
      `schemathesis: services up in ${Math.round((Date.now() - setupStarted) / 1000)} s\n`,
    );
  });

  afterAll(async () => {
    await gateway?.close();
    await report?.close();
    await directory?.close();
    await referral?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
    await connection?.dropDatabase().catch(() => undefined);
    await connection?.close();
    await dropDatabase(clickhouseDatabase).catch(() => undefined);
  });

  it('finds every answer as documented', async () => {
    const started = Date.now();
    const result = await run(
      command,
      [
        'run',
        DOCUMENT,
        '--url',
        gateway.url,
        '--checks',
        'all',
        '--max-examples',
        MAX_EXAMPLES,
        // One worker: with several threads, CPython 3.11 before 3.11.8 can fail its own AST
        // parsing with "AST constructor recursion depth mismatch" (python/cpython#106905),
        // which schemathesis reports as an error of the operation it was generating for.
        '--workers',
        '1',
        '--seed',
        SEED,
        '--header',
        `Authorization: Bearer ${accessToken}`,
        // Sign-in's header proving the call comes from the site; without it every try is a 403.
        '--header',
        'x-handcheck-auth: 1',
      ],
      workDir,
    );
    const seconds = Math.round((Date.now() - started) / 1000);
    // The whole report when it fails; how much it tried, and how long it took, when it passes.
    if (result.code !== 0) throw new Error(`schemathesis failed:\n${result.output}`);
    const generated = /\d+ generated[^\n]*/.exec(result.output)?.[0] ?? '';
    const phases = [
      ...result.output.matchAll(/(Examples|Coverage|Fuzzing|Stateful) \(in ([\d.]+s)\)/g),
    ]
      .map(([, phase, time]) => `${phase} ${time}`)
      .join(', ');
    process.stdout.write(`schemathesis: clean, ${generated}; ${phases} (${seconds} s)\n`);
  });
});
