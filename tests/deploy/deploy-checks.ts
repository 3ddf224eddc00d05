/**
 * Rules for the deployment descriptions, checkable with no Docker engine and no
 * cluster: the Helm chart's rendered manifests, docker-compose.yml and the
 * Dockerfile. Each check returns a list of problems (empty = fine) so the jest
 * specs beside this file and scripts/check-deploy.sh report the same findings.
 *
 *   npx tsx tests/deploy/deploy-checks.ts <rendered-manifests.yaml>
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

export const REPO_ROOT = resolve(__dirname, '../..');
export const CHART_DIR = join(REPO_ROOT, 'charts/handcheck');
export const CI_VALUES = join(CHART_DIR, 'ci/values-ci.yaml');
export const COMPOSE_FILE = join(REPO_ROOT, 'docker-compose.yml');
export const DOCKERFILE = join(REPO_ROOT, 'deploy/docker/Dockerfile');
export const DOCKERIGNORE = join(REPO_ROOT, '.dockerignore');

export const SERVICES = {
  gateway: { port: 8080, health: '/api/health' },
  ingestion: { port: 8081, health: '/health' },
  directory: { port: 8082, health: '/health' },
  referral: { port: 8083, health: '/health' },
  report: { port: 8084, health: '/health' },
} as const;
export type ServiceName = keyof typeof SERVICES;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

/**
 * Settings the deployment already passes although the service's Env class does
 * not read them yet (ARCHITECTURE.md: admin auth in the gateway, SMTP
 * credentials and sender for the mailers). Once a service reads one, its entry
 * here is redundant and may go.
 */
const SETTINGS_NOT_YET_READ: Record<ServiceName, string[]> = {
  gateway: ['MONGO_URL', 'JWT_SECRET'],
  ingestion: [],
  directory: [],
  referral: ['SMTP_USER', 'SMTP_PASSWORD', 'MAIL_FROM'],
  report: ['SMTP_USER', 'SMTP_PASSWORD', 'MAIL_FROM'],
};

/** Names whose value is a credential and must never appear in a manifest or compose file. */
const SECRET_NAME = /PASSWORD|SECRET|TOKEN|PRIVATE_KEY|API_KEY|CREDENTIAL/;
/** A URL with a literal password in it (user:password@host). */
const URL_WITH_PASSWORD = /\/\/[^/\s:@]+:([^@]+)@/;
/** Compose interpolation that refuses to start when the variable is unset: ${NAME:?message}. */
const REQUIRED_INTERPOLATION = /^\$\{[A-Z][A-Z0-9_]*:\?[^}]+\}$/;

// ---------------------------------------------------------------------------
// Helm

/** Where scripts/check-deploy.sh keeps helm; asking never installs it. */
export function helmPath(): string {
  return execFileSync('bash', [join(REPO_ROOT, 'scripts/check-deploy.sh'), 'helm-path'], {
    encoding: 'utf8',
  }).trim();
}

export function requireHelm(): string {
  const helm = helmPath();
  if (!existsSync(helm)) {
    throw new Error(
      `helm is not installed at ${helm}. Run \`bash scripts/check-deploy.sh\` once: ` +
        'it builds helm from the Go module proxy (about 5 minutes cold) and caches it.',
    );
  }
  return helm;
}

export interface RenderResult {
  ok: boolean;
  stdout: string;
  stderr: string;
  manifests: K8sObject[];
}

/** `helm template` of the chart; the CI values unless `withCiValues` is false. */
export function renderChart(extraArgs: string[] = [], withCiValues = true): RenderResult {
  const args = ['template', 'handcheck', CHART_DIR, '--namespace', 'handcheck'];
  if (withCiValues) args.push('-f', CI_VALUES);
  const run = spawnSync(requireHelm(), [...args, ...extraArgs], { encoding: 'utf8' });
  const ok = run.status === 0;
  return {
    ok,
    stdout: run.stdout,
    stderr: run.stderr,
    manifests: ok ? parseManifests(run.stdout) : [],
  };
}

// ---------------------------------------------------------------------------
// Kubernetes shapes: only the fields the rules read.

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: unknown;
  automountServiceAccountToken?: boolean;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}

export interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  privileged?: boolean;
  capabilities?: { drop?: string[]; add?: string[] };
  seccompProfile?: { type?: string };
}

export interface Probe {
  httpGet?: { path?: string; port?: string | number };
}

export interface Container {
  name: string;
  image: string;
  env?: EnvVar[];
  ports?: { name?: string; containerPort: number }[];
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { memory?: string } };
  securityContext?: SecurityContext;
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
}

export interface PodSpec {
  serviceAccountName?: string;
  automountServiceAccountToken?: boolean;
  securityContext?: SecurityContext;
  initContainers?: Container[];
  containers: Container[];
}

export interface DeploymentSpec {
  replicas?: number;
  selector: { matchLabels: Record<string, string> };
  template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
}

export interface NetworkPolicyPeer {
  podSelector?: { matchLabels?: Record<string, string> };
  namespaceSelector?: unknown;
  ipBlock?: unknown;
}

export interface NetworkPolicyRule {
  ports?: { port: number | string; protocol?: string }[];
  from?: NetworkPolicyPeer[];
  to?: NetworkPolicyPeer[];
}

export interface NetworkPolicySpec {
  podSelector: { matchLabels: Record<string, string> };
  policyTypes: string[];
  ingress?: NetworkPolicyRule[];
  egress?: NetworkPolicyRule[];
}

export function parseManifests(text: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((doc) => doc.toJS() as K8sObject | null)
    .filter((doc): doc is K8sObject => doc !== null && typeof doc === 'object');
}

export function ofKind<T>(manifests: K8sObject[], kind: string): (K8sObject & { spec: T })[] {
  return manifests.filter((m) => m.kind === kind) as (K8sObject & { spec: T })[];
}

export function componentOf(object: K8sObject): string {
  return object.metadata.labels?.['app.kubernetes.io/component'] ?? '';
}

function sameLabels(a: Record<string, string> = {}, b: Record<string, string> = {}): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

function securityProblems(
  where: string,
  pod: SecurityContext = {},
  c: SecurityContext = {},
): string[] {
  const problems: string[] = [];
  if (c.runAsNonRoot !== true && pod.runAsNonRoot !== true)
    problems.push(`${where}: runAsNonRoot is not true`);
  if ((c.runAsUser ?? pod.runAsUser) === 0) problems.push(`${where}: runs as uid 0`);
  if (c.readOnlyRootFilesystem !== true)
    problems.push(`${where}: readOnlyRootFilesystem is not true`);
  if (c.allowPrivilegeEscalation !== false)
    problems.push(`${where}: allowPrivilegeEscalation is not false`);
  if (c.privileged === true) problems.push(`${where}: privileged`);
  if (!c.capabilities?.drop?.includes('ALL'))
    problems.push(`${where}: capabilities do not drop ALL`);
  if (c.capabilities?.add?.length)
    problems.push(`${where}: adds capabilities ${c.capabilities.add.join(',')}`);
  if ((c.seccompProfile?.type ?? pod.seccompProfile?.type) !== 'RuntimeDefault') {
    problems.push(`${where}: seccompProfile is not RuntimeDefault`);
  }
  return problems;
}

function envProblems(where: string, env: EnvVar[] = []): string[] {
  const problems: string[] = [];
  for (const v of env) {
    const secretName = SECRET_NAME.test(v.name) || v.name === 'MONGO_URL';
    if (secretName && v.value !== undefined) problems.push(`${where}: ${v.name} has a plain value`);
    if (secretName && !v.valueFrom?.secretKeyRef)
      problems.push(`${where}: ${v.name} is not read from a Secret`);
    if (v.value !== undefined && URL_WITH_PASSWORD.test(v.value)) {
      problems.push(`${where}: ${v.name} holds a URL with a password`);
    }
  }
  return problems;
}

/**
 * Every Deployment: resources, probes on the health path, a locked-down security
 * context, no service account token, secrets only by reference, and its own
 * Service, PodDisruptionBudget and NetworkPolicy.
 */
export function manifestProblems(manifests: K8sObject[]): string[] {
  const problems: string[] = [];
  const deployments = ofKind<DeploymentSpec>(manifests, 'Deployment');
  const accounts = new Map(
    manifests.filter((m) => m.kind === 'ServiceAccount').map((m) => [m.metadata.name, m]),
  );
  const policies = ofKind<NetworkPolicySpec>(manifests, 'NetworkPolicy');
  const services = ofKind<{ selector: Record<string, string> }>(manifests, 'Service');
  const budgets = ofKind<{ selector: { matchLabels: Record<string, string> } }>(
    manifests,
    'PodDisruptionBudget',
  );

  for (const m of manifests) {
    if (m.kind === 'Secret')
      problems.push(`Secret ${m.metadata.name}: the chart must not create Secrets`);
  }
  for (const name of SERVICE_NAMES) {
    if (!deployments.some((d) => componentOf(d) === name))
      problems.push(`no Deployment for ${name}`);
  }

  for (const d of deployments) {
    const where = `Deployment ${d.metadata.name}`;
    const component = componentOf(d) as ServiceName;
    const pod = d.spec.template.spec;
    const selector = d.spec.selector.matchLabels;

    if (pod.automountServiceAccountToken !== false)
      problems.push(`${where}: automountServiceAccountToken is not false`);
    const account = accounts.get(pod.serviceAccountName ?? '');
    if (!account)
      problems.push(`${where}: its ServiceAccount ${pod.serviceAccountName} is not in the chart`);
    else if (account.automountServiceAccountToken !== false) {
      problems.push(
        `ServiceAccount ${account.metadata.name}: automountServiceAccountToken is not false`,
      );
    }

    const containers = [...(pod.initContainers ?? []), ...pod.containers];
    for (const c of containers) {
      const at = `${where} container ${c.name}`;
      const r = c.resources;
      if (!r?.requests?.cpu || !r.requests.memory || !r.limits?.memory) {
        problems.push(`${at}: needs requests.cpu, requests.memory and limits.memory`);
      }
      if (!/[:@]/.test(c.image.split('/').pop() ?? '') || c.image.endsWith(':latest')) {
        problems.push(`${at}: image ${c.image} is not pinned`);
      }
      problems.push(...securityProblems(at, pod.securityContext, c.securityContext));
      problems.push(...envProblems(at, c.env));
    }

    const main = pod.containers.find((c) => c.name === component);
    const expected = SERVICES[component];
    if (!main || !expected) {
      problems.push(`${where}: no container named after its component ${component}`);
    } else {
      for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'] as const) {
        const path = main[probe]?.httpGet?.path;
        if (path !== expected.health)
          problems.push(`${where}: ${probe} is not an HTTP GET of ${expected.health}`);
      }
      const http = main.ports?.find((p) => p.name === 'http');
      if (http?.containerPort !== expected.port)
        problems.push(`${where}: http port is not ${expected.port}`);
    }

    if (!policies.some((p) => sameLabels(p.spec.podSelector.matchLabels, selector))) {
      problems.push(`${where}: no NetworkPolicy selects its pods`);
    }
    if (!services.some((s) => sameLabels(s.spec.selector, selector)))
      problems.push(`${where}: no Service`);
    if (!budgets.some((b) => sameLabels(b.spec.selector.matchLabels, selector))) {
      problems.push(`${where}: no PodDisruptionBudget`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------
// Settings: names the deployment passes must be names a service reads.

/** Setting names a service's Env class (and the shared base classes) declares. */
export function envClassFields(service: ServiceName): Set<string> {
  const files = [
    join(REPO_ROOT, 'packages/server-kit/src/config/common-env.ts'),
    join(REPO_ROOT, 'packages/server-kit/src/config/engine-env.ts'),
    join(REPO_ROOT, `services/${service}/src/config/${service}.env.ts`),
  ];
  const fields = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /^\s+(?:override\s+)?([A-Z][A-Z0-9_]*)\s*[!?]?\s*[:=]/gm,
    )) {
      fields.add(match[1]);
    }
  }
  return fields;
}

/** Problems with the env names a deployment gives one service (typos are otherwise ignored silently). */
export function unknownSettings(
  where: string,
  service: ServiceName,
  names: Iterable<string>,
): string[] {
  const known = envClassFields(service);
  const planned = SETTINGS_NOT_YET_READ[service];
  return [...names]
    .filter((name) => !known.has(name) && !planned.includes(name))
    .map((name) => `${where}: ${name} is not a setting of the ${service} service`);
}

export function chartSettingsProblems(manifests: K8sObject[]): string[] {
  return ofKind<DeploymentSpec>(manifests, 'Deployment').flatMap((d) => {
    const component = componentOf(d) as ServiceName;
    const main = d.spec.template.spec.containers.find((c) => c.name === component);
    if (!main || !(component in SERVICES)) return [];
    return unknownSettings(
      `Deployment ${d.metadata.name}`,
      component,
      (main.env ?? []).map((e) => e.name),
    );
  });
}

// ---------------------------------------------------------------------------
// values.yaml documentation

function leafPaths(value: unknown, prefix = ''): string[] {
  if (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0
  ) {
    return Object.entries(value).flatMap(([key, child]) =>
      leafPaths(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

/** Every value has an `## @param` line and every `@param` names a value. */
export function valuesDocProblems(valuesText: string): string[] {
  const leaves = new Set(leafPaths(parse(valuesText)));
  const documented = new Set([...valuesText.matchAll(/^\s*## @param (\S+) /gm)].map((m) => m[1]));
  return [
    ...[...leaves]
      .filter((p) => !documented.has(p))
      .map((p) => `values.yaml: ${p} has no @param comment`),
    ...[...documented]
      .filter((p) => !leaves.has(p))
      .map((p) => `values.yaml: @param ${p} documents no value`),
  ];
}

// ---------------------------------------------------------------------------
// docker-compose.yml

export interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> };
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: Record<string, { condition?: string }> | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: (string | { target?: number; published?: string | number })[];
}

export interface ComposeFile {
  services?: Record<string, ComposeService>;
}

export function parseCompose(text: string): ComposeFile {
  // Compose honours YAML merge keys (<<); the anchors at the top of the file rely on them.
  return parse(text, { merge: true }) as ComposeFile;
}

const ENGINES = ['kafka', 'clickhouse', 'mongo', 'mailpit'];

function composeEnv(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((line) => [line.split('=')[0], line.slice(line.indexOf('=') + 1)]),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

function pinned(image: string): boolean {
  if (/@sha256:[a-f0-9]{64}$/.test(image)) return true;
  const tag = /:([\w][\w.-]*)$/.exec(image.split('/').pop() ?? '')?.[1];
  return tag !== undefined && tag !== 'latest';
}

/**
 * The compose file runs every service on real images: health checks everywhere,
 * start order by health, pinned engine images, the app images built from the
 * one Dockerfile, and secrets only as required `${VAR:?…}` interpolations.
 */
export function composeProblems(file: ComposeFile): string[] {
  const problems: string[] = [];
  const services = file.services ?? {};
  for (const name of [...ENGINES, ...SERVICE_NAMES]) {
    if (!services[name]) problems.push(`compose: service ${name} is missing`);
  }
  const kafkaImage = services.kafka?.image ?? '';
  if (!/^apache\/kafka:3\.9\.\d+$/.test(kafkaImage)) {
    problems.push(
      `compose: kafka image ${kafkaImage} is not apache/kafka 3.9.x (kafkajs needs protocols Kafka 4 removed)`,
    );
  }

  for (const [name, s] of Object.entries(services)) {
    const where = `compose service ${name}`;
    const test = s.healthcheck?.test;
    if (
      !test ||
      s.healthcheck?.disable ||
      (Array.isArray(test) ? test[0] === 'NONE' || test.length < 2 : !test.trim())
    ) {
      problems.push(`${where}: no health check`);
    }

    const deps = s.depends_on ?? {};
    if (Array.isArray(deps)) {
      problems.push(`${where}: depends_on must name a condition for each dependency`);
    } else {
      for (const [dep, { condition } = {}] of Object.entries(deps)) {
        if (!services[dep]) problems.push(`${where}: depends on unknown service ${dep}`);
        if (condition !== 'service_healthy' && condition !== 'service_completed_successfully') {
          problems.push(`${where}: depends on ${dep} without condition service_healthy`);
        }
      }
    }

    const isApp = (SERVICE_NAMES as string[]).includes(name);
    if (isApp) {
      if (s.build?.dockerfile !== 'deploy/docker/Dockerfile')
        problems.push(`${where}: not built from deploy/docker/Dockerfile`);
      if (s.build?.args?.SERVICE !== name)
        problems.push(`${where}: build arg SERVICE is not ${name}`);
      if (!s.image?.startsWith(`handcheck/${name}:`))
        problems.push(`${where}: image is not handcheck/${name}:<tag>`);
    } else if (!s.image || !pinned(s.image)) {
      problems.push(`${where}: image ${s.image ?? '(none)'} is not pinned to a tag or digest`);
    }

    const env = composeEnv(s);
    for (const [key, value] of Object.entries(env)) {
      if (SECRET_NAME.test(key) && !REQUIRED_INTERPOLATION.test(value)) {
        problems.push(
          `${where}: ${key} must be a required \${VAR:?message} interpolation, not a value`,
        );
      }
      const password = URL_WITH_PASSWORD.exec(value)?.[1];
      if (password !== undefined && !REQUIRED_INTERPOLATION.test(password)) {
        problems.push(`${where}: ${key} holds a URL with a literal password`);
      }
    }
    if (isApp) {
      const service = name as ServiceName;
      if (env.HOST !== '0.0.0.0') problems.push(`${where}: HOST must be 0.0.0.0 in a container`);
      if (!env.NODE_ENV) problems.push(`${where}: NODE_ENV is not set`);
      if (env.PORT !== String(SERVICES[service].port))
        problems.push(`${where}: PORT is not ${SERVICES[service].port}`);
      problems.push(...unknownSettings(where, service, Object.keys(env)));
    }
  }

  const published = (name: string) => (services[name]?.ports ?? []).map(String);
  if (!published('gateway').some((p) => /(^|:)8080:8080$/.test(p)))
    problems.push('compose: gateway is not published on 8080');
  if (!published('mailpit').some((p) => /(^|:)8025:8025$/.test(p)))
    problems.push('compose: Mailpit UI is not published on 8025');
  return problems;
}

// ---------------------------------------------------------------------------
// Dockerfile and .dockerignore

interface Instruction {
  keyword: string;
  args: string;
}

/** Instructions with continuation lines joined and comments dropped. */
export function dockerInstructions(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** package.json of every workspace, relative to the repo root (expands the `workspaces` globs). */
export function workspaceManifests(): string[] {
  const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  return root.workspaces.flatMap((pattern) => {
    const dirs = pattern.endsWith('/*')
      ? readdirSync(join(REPO_ROOT, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => `${pattern.slice(0, -2)}/${e.name}`)
      : [pattern];
    return dirs
      .filter((d) => existsSync(join(REPO_ROOT, d, 'package.json')))
      .map((d) => `${d}/package.json`);
  });
}

/**
 * The image recipe: pinned base images, every workspace manifest copied before
 * `npm ci`, a non-root numeric user and a health check in the final stage, no
 * secret baked in as ARG or ENV; the build context leaves out local state.
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
    if (keyword === 'ARG') {
      const [name, value] = args.split('=');
      if (value !== undefined && !argDefaults.has(name)) argDefaults.set(name, value);
    }
    if (keyword === 'FROM') {
      const [rawImage, as, stage] = args.split(/\s+/);
      const image = rawImage.replace(/\$\{?(\w+)\}?/g, (_, v: string) => argDefaults.get(v) ?? '');
      if (!stages.includes(image) && !pinned(image))
        problems.push(`Dockerfile: base image ${rawImage} is not pinned`);
      if (as?.toUpperCase() === 'AS' && stage) stages.push(stage);
    }
    if ((keyword === 'ARG' || keyword === 'ENV') && SECRET_NAME.test(args.split(/[=\s]/)[0])) {
      problems.push(
        `Dockerfile: ${keyword} ${args.split(/[=\s]/)[0]} would bake a secret into the image`,
      );
    }
  }

  const lastFrom = instructions.map((i) => i.keyword).lastIndexOf('FROM');
  const final = instructions.slice(lastFrom);
  const users = final.filter((i) => i.keyword === 'USER').map((i) => i.args.split(':')[0]);
  const user = users.at(-1);
  if (!user) problems.push('Dockerfile: the final stage sets no USER (it would run as root)');
  else if (user === 'root' || user === '0')
    problems.push('Dockerfile: the final stage runs as root');
  else if (!/^\d+$/.test(user))
    problems.push(`Dockerfile: USER ${user} is not numeric, so runAsNonRoot cannot verify it`);
  const health = final.find((i) => i.keyword === 'HEALTHCHECK');
  if (!health || /^NONE\b/i.test(health.args) || !/\bCMD\b/.test(health.args)) {
    problems.push('Dockerfile: the final stage has no HEALTHCHECK');
  }

  const copied = instructions.filter((i) => i.keyword === 'COPY').map((i) => i.args);
  for (const manifest of ['package-lock.json', ...workspaces]) {
    if (!copied.some((args) => args.split(/\s+/).includes(manifest))) {
      problems.push(`Dockerfile: ${manifest} is not copied before npm ci`);
    }
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

// ---------------------------------------------------------------------------

function main(renderedPath: string): void {
  const manifests = parseManifests(readFileSync(renderedPath, 'utf8'));
  const problems = [
    ...manifestProblems(manifests),
    ...chartSettingsProblems(manifests),
    ...valuesDocProblems(readFileSync(join(CHART_DIR, 'values.yaml'), 'utf8')),
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
  console.log(
    `${manifests.length} manifests, docker-compose.yml and the Dockerfile pass every rule`,
  );
}

if (require.main === module) {
  const rendered = process.argv[2];
  if (!rendered) {
    console.error('usage: tsx tests/deploy/deploy-checks.ts <rendered-manifests.yaml>');
    process.exit(2);
  }
  main(rendered);
}
