import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  COMPOSE_FILE,
  DOCKERFILE,
  DOCKERIGNORE,
  REPO_ROOT,
  SERVICE_NAMES,
  composeProblems,
  dockerInstructions,
  dockerfileProblems,
  parseCompose,
  workspaceManifests,
} from './deploy-checks';

// No Docker engine here: the compose file and the Dockerfile are checked by
// their structure. Each rule is also shown to catch the mistake it is for.

const compose = readFileSync(COMPOSE_FILE, 'utf8');
const dockerfile = readFileSync(DOCKERFILE, 'utf8');
const dockerignore = readFileSync(DOCKERIGNORE, 'utf8');

describe('docker-compose.yml', () => {
  it('runs every engine and service with health checks, healthy start order and pinned images', () => {
    expect(composeProblems(parseCompose(compose))).toEqual([]);
  });

  it('starts each service after the engines it needs are healthy', () => {
    const services = parseCompose(compose).services ?? {};
    const dependsOn = (name: string) => Object.keys(services[name]?.depends_on ?? {}).sort();
    expect(dependsOn('gateway')).toEqual(['directory', 'kafka', 'mongo']);
    expect(dependsOn('ingestion')).toEqual(['clickhouse', 'kafka']);
    expect(dependsOn('directory')).toEqual(['mongo']);
    expect(dependsOn('referral')).toEqual(['kafka', 'mailpit', 'mongo']);
    expect(dependsOn('report')).toEqual(['clickhouse', 'mailpit']);
  });

  it('requires every secret from the environment instead of holding a value', () => {
    const required = [...compose.matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1]);
    expect([...new Set(required)].sort()).toEqual([
      'CLICKHOUSE_PASSWORD',
      'JWT_SECRET',
      'MONGO_PASSWORD',
    ]);
  });

  it('flags a plaintext password, a literal password in a URL and an unpinned image', () => {
    const broken = compose
      .replace(
        /CLICKHOUSE_PASSWORD: \$\{CLICKHOUSE_PASSWORD:\?[^}]+\}/,
        'CLICKHOUSE_PASSWORD: hunter2',
      )
      .replace(
        /mongodb:\/\/handcheck:\$\{MONGO_PASSWORD:\?[^}]+\}@/,
        'mongodb://handcheck:hunter2@',
      )
      .replace('image: mongo:7.0', 'image: mongo:latest');
    expect(composeProblems(parseCompose(broken))).toEqual(
      expect.arrayContaining([
        'compose service ingestion: CLICKHOUSE_PASSWORD must be a required ${VAR:?message} interpolation, not a value',
        'compose service directory: MONGO_URL holds a URL with a literal password',
        'compose service mongo: image mongo:latest is not pinned to a tag or digest',
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
});

describe('deploy/docker/Dockerfile', () => {
  it('pins its bases, copies every workspace manifest, runs as a numeric non-root user and has a health check', () => {
    expect(dockerfileProblems(dockerfile, dockerignore, workspaceManifests())).toEqual([]);
  });

  it('builds any of the five services, chosen by the SERVICE build arg', () => {
    const args = dockerInstructions(dockerfile)
      .filter((i) => i.keyword === 'ARG')
      .map((i) => i.args);
    expect(args).toContain('SERVICE');
    const healthcheck = readFileSync(join(REPO_ROOT, 'deploy/docker/healthcheck.mjs'), 'utf8');
    for (const name of SERVICE_NAMES) expect(healthcheck).toContain(`${name}: { port:`);
  });

  it('flags a root user, a missing health check, a baked-in secret and a forgotten workspace', () => {
    const broken = dockerfile
      .replace('USER 1000:1000', 'USER root')
      .replace(/HEALTHCHECK[^\n]*\\\n[^\n]*\n/, '')
      .replace('ENV NODE_ENV=production', 'ENV JWT_SECRET=dev NODE_ENV=production')
      .replace('COPY web/package.json web/\n', '');
    expect(dockerfileProblems(broken, dockerignore, workspaceManifests())).toEqual([
      'Dockerfile: ENV JWT_SECRET would bake a secret into the image',
      'Dockerfile: the final stage runs as root',
      'Dockerfile: the final stage has no HEALTHCHECK',
      'Dockerfile: web/package.json is not copied before npm ci',
    ]);
  });

  it('keeps node_modules, build output, local state and .env files out of the build context', () => {
    expect(dockerfileProblems(dockerfile, 'node_modules\n', workspaceManifests())).toEqual(
      expect.arrayContaining(['.dockerignore: .env is not excluded from the build context']),
    );
  });
});
