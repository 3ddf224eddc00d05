import { readFileSync } from 'node:fs';
import {
  COMPOSE_FILE,
  type ComposeService,
  DOCKERFILE,
  DOCKERIGNORE,
  REGISTRY,
  SERVICE_NAMES,
  composeProblems,
  dockerInstructions,
  dockerfileProblems,
  expectedPortEnv,
  parseCompose,
  workspaceManifests,
} from './deploy-checks';
import { accountsOfFile } from '../support/clickhouse-accounts';

// No Docker engine here: the compose file and the Dockerfile are checked by
// their structure. Each rule is also shown to catch the mistake it is for.

/** Where the Dockerfile puts the health check; the registry is copied beside it. */
const HEALTHCHECK_SCRIPT = '/usr/local/lib/handcheck/healthcheck.mjs';

const compose = readFileSync(COMPOSE_FILE, 'utf8');
const dockerfile = readFileSync(DOCKERFILE, 'utf8');
const dockerignore = readFileSync(DOCKERIGNORE, 'utf8');

describe('docker-compose.yml', () => {
  it('runs every engine and service with health checks, healthy start order and pinned images', () => {
    expect(composeProblems(parseCompose(compose))).toEqual([]);
  });

  it("starts each service once the engines its readiness needs are healthy (the gateway's: none)", () => {
    const services = parseCompose(compose).services ?? {};
    const healthyDeps = (name: string) =>
      Object.entries((services[name]?.depends_on ?? {}) as Record<string, { condition?: string }>)
        .filter(([, d]) => d.condition === 'service_healthy')
        .map(([dep]) => dep)
        .sort();
    expect(healthyDeps('gateway')).toEqual([]);
    expect(healthyDeps('ingestion')).toEqual(['clickhouse', 'kafka']);
    expect(healthyDeps('directory')).toEqual(['mongo']);
    expect(healthyDeps('referral')).toEqual(['kafka', 'mailpit', 'mongo']);
    expect(healthyDeps('report')).toEqual(['clickhouse', 'mailpit', 'mongo']);
    // The gateway still has Kafka (and what it calls) started first.
    expect(Object.keys(services.gateway.depends_on ?? {}).sort()).toEqual([
      'directory',
      'kafka',
      'mongo',
    ]);
  });

  it("gives each service the registry's port variables, its health check, and publishes only the site", () => {
    const services = parseCompose(compose).services ?? {};
    const portVars = (s: ComposeService) =>
      Object.fromEntries(
        Object.entries((s.environment ?? {}) as Record<string, string>).filter(([k]) =>
          ['PORT', 'METRICS_PORT', 'GRPC_PORT'].includes(k),
        ),
      );
    for (const name of SERVICE_NAMES) {
      expect([name, portVars(services[name])]).toEqual([name, expectedPortEnv(name)]);
      expect([name, services[name].healthcheck?.test]).toEqual([
        name,
        ['CMD', 'node', HEALTHCHECK_SCRIPT],
      ]);
    }
    expect(expectedPortEnv('gateway').METRICS_PORT).toBe(String(REGISTRY.gateway.metricsPort));
    expect(services.gateway.ports).toEqual([
      `127.0.0.1:${REGISTRY.gateway.httpPort}:${REGISTRY.gateway.httpPort}`,
    ]);
    for (const name of SERVICE_NAMES.filter((n) => n !== 'gateway'))
      expect([name, services[name].ports]).toEqual([name, undefined]);
  });

  it('flags a published metrics port, a setting a service does not read and an app image built otherwise', () => {
    const file = parseCompose(compose);
    const services = file.services ?? {};
    services.gateway.ports = ['127.0.0.1:8080:8080', '9080:9080'];
    (services.ingestion.environment as Record<string, string>).GRPC_PORT = '9081';
    services.report.build = { dockerfile: 'Dockerfile', args: { SERVICE: 'report' } };
    expect(composeProblems(file)).toEqual([
      'compose service gateway: publishes its metrics port 9080',
      'compose service ingestion: GRPC_PORT is not a setting of the ingestion service',
      'compose service report: not built from deploy/docker/Dockerfile with SERVICE=report',
    ]);
  });

  it('requires every secret from the environment instead of holding a value', () => {
    const required = [...compose.matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1]);
    expect([...new Set(required)].sort()).toEqual([
      'CLICKHOUSE_ANALYST_PASSWORD',
      'CLICKHOUSE_DEFAULT_PASSWORD',
      'CLICKHOUSE_INGESTION_PASSWORD',
      'CLICKHOUSE_REPORT_PASSWORD',
      'INTERNAL_GRPC_TOKEN',
      'JWT_SECRET',
      'MONGO_PASSWORD',
    ]);
  });

  it('gives every service that serves or calls gRPC the required internal credential, and no other', () => {
    const services = parseCompose(compose).services ?? {};
    const env = (name: string) => (services[name]?.environment ?? {}) as Record<string, string>;
    const speaksGrpc = SERVICE_NAMES.filter(
      (name) =>
        REGISTRY[name].grpcPort !== null ||
        Object.keys(env(name)).some((k) => k.endsWith('_GRPC_URL')),
    );
    expect([...speaksGrpc].sort()).toEqual(['directory', 'gateway', 'referral', 'report']);
    for (const name of SERVICE_NAMES) {
      expect([name, env(name).INTERNAL_GRPC_TOKEN]).toEqual([
        name,
        speaksGrpc.includes(name)
          ? '${INTERNAL_GRPC_TOKEN:?set INTERNAL_GRPC_TOKEN in .env (see the top of docker-compose.yml)}'
          : undefined,
      ]);
    }
  });

  it('flags a plaintext password, a literal password in a URL and an unpinned image', () => {
    const broken = compose
      .replace(
        /CLICKHOUSE_PASSWORD: \$\{CLICKHOUSE_INGESTION_PASSWORD:\?[^}]+\}/,
        'CLICKHOUSE_PASSWORD: hunter2',
      )
      .replace(
        /mongodb:\/\/handcheck:\$\{MONGO_PASSWORD:\?[^}]+\}@/,
        'mongodb://handcheck:hunter2@',
      )
      .replace('image: ${MONGO_IMAGE:-mongo:7.0}', 'image: ${MONGO_IMAGE:-mongo:latest}');
    expect(composeProblems(parseCompose(broken))).toEqual(
      expect.arrayContaining([
        'compose service ingestion: CLICKHOUSE_PASSWORD must be a required ${VAR:?message} interpolation, not a value',
        'compose service directory: MONGO_URL holds a URL with a literal password',
        'compose service mongo: image ${MONGO_IMAGE:-mongo:latest} is not pinned to a tag or digest',
      ]),
    );
  });

  it('flags a missing health check, an unconditional dependency and a misspelt setting', () => {
    const file = parseCompose(compose);
    const services = file.services ?? {};
    delete services.mailpit.healthcheck;
    services.directory.depends_on = ['mongo'];
    const env = services.ingestion.environment as Record<string, string>;
    env.KAFKA_BROKER = env.KAFKA_BROKERS;
    delete env.KAFKA_BROKERS;
    expect(composeProblems(file)).toEqual([
      'compose service mailpit: no health check',
      'compose service ingestion: KAFKA_BROKER is not a setting of the ingestion service',
      'compose service directory: depends_on must name a condition for each dependency',
    ]);
  });

  it("runs each service with the registry's Node flags, no more and no fewer", () => {
    const file = parseCompose(compose);
    const services = file.services ?? {};
    delete (services.ingestion.environment as Record<string, string>).NODE_OPTIONS;
    (services.report.environment as Record<string, string>).NODE_OPTIONS = '--inspect';
    expect(composeProblems(file)).toEqual([
      "compose service ingestion: NODE_OPTIONS is ''; the registry gives ingestion '--max-semi-space-size=32'",
      "compose service report: NODE_OPTIONS is '--inspect'; the registry gives report ''",
    ]);
  });
});

describe('docker-compose.yml, the ClickHouse accounts', () => {
  const services = parseCompose(compose).services ?? {};
  const env = (name: string) => (services[name]?.environment ?? {}) as Record<string, string>;
  const required = (variable: string) =>
    `\${${variable}:?set ${variable} in .env (see the top of docker-compose.yml)}`;

  it('mounts the accounts file into users.d and gives ClickHouse each password it reads, from .env', () => {
    const volumes = (services.clickhouse as { volumes?: string[] }).volumes ?? [];
    expect(volumes).toContain(
      './deploy/clickhouse/users.d/handcheck.xml:/etc/clickhouse-server/users.d/handcheck.xml:ro',
    );
    const accounts = accountsOfFile();
    expect(accounts.map((a) => [a.user, a.profile])).toEqual([
      ['ingestion', 'default'],
      ['report', 'report'],
      ['analyst', 'analyst'],
    ]);
    for (const { passwordFrom } of accounts)
      expect([passwordFrom, env('clickhouse')[passwordFrom]]).toEqual([
        passwordFrom,
        required(passwordFrom),
      ]);
    // `default` keeps a password of its own, for administration by hand.
    expect(env('clickhouse')).toMatchObject({
      CLICKHOUSE_USER: 'default',
      CLICKHOUSE_PASSWORD: required('CLICKHOUSE_DEFAULT_PASSWORD'),
    });
  });

  it('signs ingestion and report in with their own accounts, and no other service at all', () => {
    const signIns = Object.fromEntries(
      SERVICE_NAMES.filter((name) => env(name).CLICKHOUSE_USER !== undefined).map((name) => [
        name,
        [env(name).CLICKHOUSE_USER, env(name).CLICKHOUSE_PASSWORD],
      ]),
    );
    expect(signIns).toEqual({
      ingestion: ['ingestion', required('CLICKHOUSE_INGESTION_PASSWORD')],
      report: ['report', required('CLICKHOUSE_REPORT_PASSWORD')],
    });
  });
});

describe('deploy/docker/Dockerfile', () => {
  it('pins its bases and copies every workspace manifest', () => {
    expect(dockerfileProblems(dockerfile, dockerignore, workspaceManifests())).toEqual([]);
  });

  it('builds any of the five services, chosen by the SERVICE build arg', () => {
    const args = dockerInstructions(dockerfile)
      .filter((i) => i.keyword === 'ARG')
      .map((i) => i.args);
    expect(args).toContain('SERVICE');
  });

  it('keeps the health check in the build context, which otherwise leaves deploy/ out', () => {
    expect(dockerignore.split('\n')).toContain('!deploy/docker/healthcheck.mjs');
  });

  it('flags a baked-in secret and a forgotten workspace', () => {
    const broken = dockerfile
      .replace('ENV NODE_ENV=production', 'ENV JWT_SECRET=dev NODE_ENV=production')
      .replace('COPY web/package.json web/\n', '');
    expect(dockerfileProblems(broken, dockerignore, workspaceManifests())).toEqual([
      'Dockerfile: ENV JWT_SECRET would bake a secret into the image',
      'Dockerfile: web/package.json is not copied before npm ci',
    ]);
  });

  it('keeps node_modules, build output, local state and .env files out of the build context', () => {
    expect(dockerfileProblems(dockerfile, 'node_modules\n', workspaceManifests())).toEqual(
      expect.arrayContaining(['.dockerignore: .env is not excluded from the build context']),
    );
  });
});
