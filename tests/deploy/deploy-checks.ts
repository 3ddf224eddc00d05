/**
 * The rules for the deployment descriptions that no tool checks, with no Docker engine and
 * no cluster: secrets only by reference, no privilege escalation, added capability or
 * service-account token, only settings a service reads (its Env class and its engines'),
 * every chart value documented, the services' defaults at the registry's ports, and the
 * compose file's and the Dockerfile's own rules. scripts/check-deploy.sh runs them on the
 * chart's renders after kubectl-validate (schemas) and kube-score (resources, probes, pinned
 * images, user, read-only root, seccomp, NetworkPolicy, PodDisruptionBudget); chart.spec.ts
 * and docker.spec.ts hold the chart and the compose file to the service registry.
 *
 *   npx tsx tests/deploy/deploy-checks.ts <rendered-manifests.yaml>...
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getMetadataStorage } from 'class-validator';
import type { Deployment } from 'kubernetes-types/apps/v1';
import type { EnvVar, SecurityContext, ServiceAccount } from 'kubernetes-types/core/v1';
import { parse } from 'yaml';
import { ClickHouseEnv, KafkaEnv, MailerEnv, MongoEnv } from '@handcheck/server-kit';
import { REPO_ROOT } from '@handcheck/server-kit/testing';
import {
  type EngineName,
  SERVICES as REGISTRY,
  SERVICE_NAMES,
  type ServiceEntry,
  type ServiceName,
} from '@handcheck/service-registry';
import { DirectoryEnv } from '../../services/directory/src/config/directory.env';
import { GatewayEnv } from '../../services/gateway/src/config/gateway.env';
import { IngestionEnv } from '../../services/ingestion/src/config/ingestion.env';
import { ReferralEnv } from '../../services/referral/src/config/referral.env';
import { ReportEnv } from '../../services/report/src/config/report.env';
import { CHART_DIR, type K8sObject, componentOf, ofKind, parseManifests } from '../support/helm';

export { REGISTRY, REPO_ROOT, SERVICE_NAMES, type ServiceName };

export const COMPOSE_FILE = join(REPO_ROOT, 'docker-compose.yml');
export const DOCKERFILE = join(REPO_ROOT, 'deploy/docker/Dockerfile');
export const DOCKERIGNORE = join(REPO_ROOT, '.dockerignore');

/** Each service's settings (its Env class) and those of each engine's module (server-kit). */
const ENV_CLASSES: Record<ServiceName | EngineName, new () => object> = {
  gateway: GatewayEnv,
  ingestion: IngestionEnv,
  directory: DirectoryEnv,
  referral: ReferralEnv,
  report: ReportEnv,
  kafka: KafkaEnv,
  clickhouse: ClickHouseEnv,
  mongodb: MongoEnv,
  smtp: MailerEnv,
};

/** Names whose value is a credential and must never appear in a manifest or compose file. */
const SECRET_NAME = /PASSWORD|SECRET|TOKEN|PRIVATE_KEY|API_KEY|CREDENTIAL/;
/** A URL with a literal password in it (user:password@host). */
const URL_WITH_PASSWORD = /\/\/[^/\s:@]+:([^@]+)@/;
/** Compose interpolation that refuses to start when the variable is unset: ${NAME:?message}. */
const REQUIRED_INTERPOLATION = /^\$\{[A-Z][A-Z0-9_]*:\?[^}]+\}$/;

/** Whether /metrics has a port of its own (the gateway: its HTTP port is public). */
export function hasOwnMetricsPort(entry: ServiceEntry): boolean {
  return entry.metricsPort !== entry.httpPort;
}

/**
 * The port variables a service is started with, per the registry: PORT, METRICS_PORT where
 * /metrics has its own port, GRPC_PORT where it serves gRPC (as scripts/services.config.mjs).
 */
export function expectedPortEnv(service: ServiceName): Record<string, string> {
  const entry = REGISTRY[service];
  const env: Record<string, string> = { PORT: String(entry.httpPort) };
  if (hasOwnMetricsPort(entry)) env.METRICS_PORT = String(entry.metricsPort);
  if (entry.grpcPort !== null) env.GRPC_PORT = String(entry.grpcPort);
  return env;
}

/** What kube-score leaves out of a security context (it checks user, group, privileged, read-only root, seccomp). */
function securityProblems(where: string, c: SecurityContext = {}): string[] {
  return [
    c.allowPrivilegeEscalation !== false && `${where}: allowPrivilegeEscalation is not false`,
    !c.capabilities?.drop?.includes('ALL') && `${where}: capabilities do not drop ALL`,
    !!c.capabilities?.add?.length && `${where}: adds capabilities ${c.capabilities.add.join(',')}`,
  ].filter((problem): problem is string => problem !== false);
}

function envProblems(where: string, env: EnvVar[] = []): string[] {
  return env.flatMap((v) => {
    const secret = SECRET_NAME.test(v.name) || v.name === 'MONGO_URL';
    return [
      secret && v.value !== undefined && `${where}: ${v.name} has a plain value`,
      secret && !v.valueFrom?.secretKeyRef && `${where}: ${v.name} is not read from a Secret`,
      URL_WITH_PASSWORD.test(v.value ?? '') && `${where}: ${v.name} holds a URL with a password`,
    ].filter((problem): problem is string => problem !== false);
  });
}

/** No Secret in the chart; no token, privilege or plain secret in any pod; only known settings. */
export function manifestProblems(manifests: K8sObject[]): string[] {
  const accounts = new Map(
    ofKind<ServiceAccount>(manifests, 'ServiceAccount').map((a) => [a.metadata.name, a]),
  );
  const problems = manifests
    .filter((m) => m.kind === 'Secret')
    .map((m) => `Secret ${m.metadata.name}: the chart must not create Secrets`);
  for (const d of ofKind<Deployment>(manifests, 'Deployment')) {
    const where = `Deployment ${d.metadata.name}`;
    const pod = d.spec.template.spec ?? { containers: [] };
    if (pod.automountServiceAccountToken !== false)
      problems.push(`${where}: automountServiceAccountToken is not false`);
    const account = accounts.get(pod.serviceAccountName ?? '');
    if (account?.automountServiceAccountToken !== false)
      problems.push(
        `${where}: its ServiceAccount ${pod.serviceAccountName} is missing or mounts a token`,
      );
    for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
      const at = `${where} container ${c.name}`;
      problems.push(...securityProblems(at, c.securityContext), ...envProblems(at, c.env));
    }
    const component = componentOf(d);
    const main = pod.containers.find((c) => c.name === component);
    if (main && component in REGISTRY) {
      const names = (main.env ?? []).map((e) => e.name);
      problems.push(...unknownSettings(where, component as ServiceName, names));
      const nodeOptions = main.env?.find((e) => e.name === 'NODE_OPTIONS')?.value;
      problems.push(...nodeOptionsProblems(where, component as ServiceName, nodeOptions));
    }
  }
  return problems;
}

/** Setting names one settings class declares: fields with a default or a validator. */
function classFields(EnvClass: new () => object): string[] {
  const validated = getMetadataStorage().getTargetValidationMetadatas(EnvClass, '', true, false);
  return [...Object.keys(new EnvClass()), ...validated.map((meta) => meta.propertyName)];
}

/** Setting names a service reads: its Env class and the settings of the engines it uses. */
export function envClassFields(service: ServiceName): Set<string> {
  const classes = [service, ...REGISTRY[service].engines].map((name) => ENV_CLASSES[name]);
  return new Set(classes.flatMap(classFields));
}

/** A service started with no port variable listens where every script, check and test looks. */
export function envDefaultProblems(): string[] {
  return SERVICE_NAMES.flatMap((service) => {
    const defaults: Record<string, unknown> = { ...new ENV_CLASSES[service]() };
    const fields = envClassFields(service);
    const where = `services/${service}/src/config/${service}.env.ts`;
    return Object.entries(expectedPortEnv(service)).flatMap(([name, port]) => {
      if (!fields.has(name))
        return [`${where}: declares no ${name} (the registry gives ${service} port ${port})`];
      return String(defaults[name]) === port
        ? []
        : [`${where}: ${name} defaults to ${String(defaults[name])}, the registry says ${port}`];
    });
  });
}

/** The env names a deployment gives one service (a misspelt one is otherwise ignored). */
function unknownSettings(where: string, service: ServiceName, names: Iterable<string>): string[] {
  const known = envClassFields(service);
  return [...names]
    .filter((name) => !known.has(name) && name !== 'NODE_OPTIONS')
    .map((name) => `${where}: ${name} is not a setting of the ${service} service`);
}

/** A deployment runs the service with Node's flags from the registry, no more and no fewer. */
function nodeOptionsProblems(where: string, service: ServiceName, given = ''): string[] {
  const expected = REGISTRY[service].nodeOptions.join(' ');
  return given === expected
    ? []
    : [`${where}: NODE_OPTIONS is '${given}'; the registry gives ${service} '${expected}'`];
}

/** Every value of values.yaml has an `## @param` line and every `@param` names a value. */
export function valuesDocProblems(valuesText: string): string[] {
  const leafPaths = (value: unknown, prefix: string): string[] =>
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length
      ? Object.entries(value).flatMap(([key, child]) => leafPaths(child, prefix + key + '.'))
      : [prefix.slice(0, -1)];
  const leaves = new Set(leafPaths(parse(valuesText), ''));
  const documented = new Set([...valuesText.matchAll(/^\s*## @param (\S+) /gm)].map((m) => m[1]!));
  return [
    ...[...leaves]
      .filter((p) => !documented.has(p))
      .map((p) => `values.yaml: ${p} has no @param comment`),
    ...[...documented]
      .filter((p) => !leaves.has(p))
      .map((p) => `values.yaml: @param ${p} documents no value`),
  ];
}

export interface ComposeService {
  image?: string;
  build?: { dockerfile?: string; args?: Record<string, string> };
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: Record<string, { condition?: string }> | string[];
  environment?: Record<string, string | number | boolean | null>;
  ports?: string[];
}

export function parseCompose(text: string): { services?: Record<string, ComposeService> } {
  // Compose honours YAML merge keys (<<); the anchors at the top of the file rely on them.
  return parse(text, { merge: true }) as { services?: Record<string, ComposeService> };
}

/** A service's environment; in the list form each line reads as an unknown setting. */
function composeEnv({ environment = {} }: ComposeService): Record<string, string> {
  return Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, String(v ?? '')]));
}

/** An image as compose resolves it when its variable is unset: `${KAFKA_IMAGE:-apache/kafka:3.9.2}` → the default. */
function defaultImage(image: string): string {
  return image.replace(/\$\{\w+:?-([^}]*)\}/g, '$1');
}

function pinned(image: string): boolean {
  if (/@sha256:[a-f0-9]{64}$/.test(image)) return true;
  const tag = /:([\w][\w.-]*)$/.exec(image.split('/').pop() ?? '')?.[1];
  return tag !== undefined && tag !== 'latest';
}

/**
 * The compose file runs every service on real images: health checks everywhere, a condition
 * on every dependency, pinned engine images, the app images built from the one Dockerfile,
 * only settings a service reads, and secrets only as required `${VAR:?…}` interpolations.
 */
export function composeProblems(file: { services?: Record<string, ComposeService> }): string[] {
  const services = file.services ?? {};
  const problems = ['kafka', 'clickhouse', 'mongo', 'mailpit', ...SERVICE_NAMES]
    .filter((name) => !services[name])
    .map((name) => `compose: service ${name} is missing`);
  const kafkaImage = defaultImage(services.kafka?.image ?? '');
  if (!/^apache\/kafka:3\.9\.\d+$/.test(kafkaImage))
    problems.push(
      `compose: kafka image ${kafkaImage} is not apache/kafka 3.9.x (kafkajs needs protocols Kafka 4 removed)`,
    );
  if (!(services.mailpit?.ports ?? []).some((p) => /(^|:)8025:8025$/.test(p)))
    problems.push('compose: Mailpit UI is not published on 8025');

  for (const [name, s] of Object.entries(services)) {
    const where = `compose service ${name}`;
    const test = s.healthcheck?.test;
    const noTest = Array.isArray(test) ? test[0] === 'NONE' || test.length < 2 : !test?.trim();
    if (noTest || s.healthcheck?.disable) problems.push(`${where}: no health check`);
    if (Array.isArray(s.depends_on))
      problems.push(`${where}: depends_on must name a condition for each dependency`);

    const env = composeEnv(s);
    for (const [key, value] of Object.entries(env)) {
      if (SECRET_NAME.test(key) && !REQUIRED_INTERPOLATION.test(value))
        problems.push(
          `${where}: ${key} must be a required \${VAR:?message} interpolation, not a value`,
        );
      const password = URL_WITH_PASSWORD.exec(value)?.[1];
      if (password !== undefined && !REQUIRED_INTERPOLATION.test(password))
        problems.push(`${where}: ${key} holds a URL with a literal password`);
    }

    if (!(SERVICE_NAMES as readonly string[]).includes(name)) {
      if (!s.image || !pinned(defaultImage(s.image)))
        problems.push(`${where}: image ${s.image ?? '(none)'} is not pinned to a tag or digest`);
      continue;
    }
    const service = name as ServiceName;
    if (s.build?.dockerfile !== 'deploy/docker/Dockerfile' || s.build.args?.SERVICE !== name)
      problems.push(`${where}: not built from deploy/docker/Dockerfile with SERVICE=${name}`);
    if (!s.image?.startsWith(`handcheck/${name}:`))
      problems.push(`${where}: image is not handcheck/${name}:<tag>`);
    if (env.HOST !== '0.0.0.0') problems.push(`${where}: HOST must be 0.0.0.0 in a container`);
    if (!env.NODE_ENV) problems.push(`${where}: NODE_ENV is not set`);
    problems.push(...unknownSettings(where, service, Object.keys(env)));
    problems.push(...nodeOptionsProblems(where, service, env.NODE_OPTIONS));
    const metrics = REGISTRY[service].metricsPort;
    if ((s.ports ?? []).some((p) => p.endsWith(`:${metrics}`)))
      problems.push(`${where}: publishes its metrics port ${metrics}`);
  }
  return problems;
}

/** Instructions with continuation lines joined and comments dropped. */
export function dockerInstructions(text: string): { keyword: string; args: string }[] {
  return text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** package.json of every workspace, relative to the repo root, as npm lists them. */
export function workspaceManifests(): string[] {
  const listed = execFileSync('npm', ['query', '.workspace'], { cwd: REPO_ROOT, encoding: 'utf8' });
  return (JSON.parse(listed) as { location: string }[]).map((w) => `${w.location}/package.json`);
}

/**
 * The image recipe: pinned base images, every workspace manifest copied before `npm ci`, no
 * secret baked in as ARG or ENV; the build context leaves out local state. Its numeric
 * non-root USER and HEALTHCHECK are proven on the built images by
 * tests/stack/containers.stack-spec.ts under `make test-deploy`.
 */
export function dockerfileProblems(
  dockerfile: string,
  dockerignore: string,
  workspaces: string[],
): string[] {
  const problems: string[] = [];
  const instructions = dockerInstructions(dockerfile);
  const argDefaults = new Map<string, string>();
  const stages: string[] = [];
  for (const { keyword, args } of instructions) {
    const [name = '', value] = args.split(/[=\s]/);
    if (keyword === 'ARG' && value !== undefined && !argDefaults.has(name))
      argDefaults.set(name, value);
    if ((keyword === 'ARG' || keyword === 'ENV') && SECRET_NAME.test(name))
      problems.push(`Dockerfile: ${keyword} ${name} would bake a secret into the image`);
    if (keyword === 'FROM') {
      const [rawImage = '', as, stage] = args.split(/\s+/);
      const image = rawImage.replace(/\$\{?(\w+)\}?/g, (_, v: string) => argDefaults.get(v) ?? '');
      if (!stages.includes(image) && !pinned(image))
        problems.push(`Dockerfile: base image ${rawImage} is not pinned`);
      if (as?.toUpperCase() === 'AS' && stage) stages.push(stage);
    }
  }
  const copied = instructions.filter((i) => i.keyword === 'COPY').map((i) => i.args.split(/\s+/));
  for (const manifest of ['package-lock.json', ...workspaces]) {
    if (!copied.some((args) => args.includes(manifest)))
      problems.push(`Dockerfile: ${manifest} is not copied before npm ci`);
  }
  const runs = instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
  if (!runs.some((r) => /\bnpm ci\b/.test(r)))
    problems.push('Dockerfile: dependencies are not installed with npm ci');
  if (runs.some((r) => /\bnpm (install|i)\b/.test(r)))
    problems.push('Dockerfile: npm install ignores the lock file; use npm ci');
  const ignored = dockerignore.split('\n').map((l) => l.trim());
  for (const entry of ['.git', '**/node_modules', '**/dist', '.env', '.env.*', 'var']) {
    if (!ignored.includes(entry))
      problems.push(`.dockerignore: ${entry} is not excluded from the build context`);
  }
  return problems;
}

/** Checks each render of the chart (each with its own values) and, once, everything else. */
function main(renderedPaths: string[]): void {
  const renders = renderedPaths.map((path) => ({
    path,
    manifests: parseManifests(readFileSync(path, 'utf8')),
  }));
  const problems = [
    ...renders.flatMap(({ path, manifests }) =>
      manifestProblems(manifests).map((p) => `${path}: ${p}`),
    ),
    ...valuesDocProblems(readFileSync(join(CHART_DIR, 'values.yaml'), 'utf8')),
    ...envDefaultProblems(),
    ...composeProblems(parseCompose(readFileSync(COMPOSE_FILE, 'utf8'))),
    ...dockerfileProblems(
      readFileSync(DOCKERFILE, 'utf8'),
      readFileSync(DOCKERIGNORE, 'utf8'),
      workspaceManifests(),
    ),
  ];
  for (const problem of problems) console.error(`  - ${problem}`);
  if (problems.length > 0) {
    console.error(`${problems.length} problem(s) in the deployment descriptions`);
    process.exit(1);
  }
  const counts = renders.map((r) => r.manifests.length).join(' + ');
  console.log(`${counts} manifests, docker-compose.yml and the Dockerfile pass every rule`);
}

if (require.main === module) {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length === 0) {
    console.error('usage: tsx tests/deploy/deploy-checks.ts <rendered-manifests.yaml>...');
    process.exit(2);
  }
  main(positionals);
}
