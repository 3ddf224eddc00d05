/**
 * Rules for the deployment descriptions, checkable with no Docker engine and no
 * cluster: the Helm chart's rendered manifests and default values,
 * docker-compose.yml and the Dockerfile. Ports, health paths, metrics and the
 * engines each service waits for come from the service registry
 * (@handcheck/service-registry), setting names and defaults from the services'
 * own Env classes, so nothing here repeats a number. Each check returns a list
 * of problems (empty = fine) so the jest specs beside this file and
 * scripts/check-deploy.sh report the same findings.
 *
 *   npx tsx tests/deploy/deploy-checks.ts <rendered-manifests.yaml>
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { parse, parseAllDocuments } from 'yaml';
import { ClickHouseEnv, KafkaEnv, MailerEnv, MongoEnv } from '@handcheck/server-kit';
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

export { REGISTRY, SERVICE_NAMES, type ServiceName };

export const REPO_ROOT = resolve(__dirname, '../..');
export const CHART_DIR = join(REPO_ROOT, 'charts/handcheck');
export const CI_VALUES = join(CHART_DIR, 'ci/values-ci.yaml');
export const COMPOSE_FILE = join(REPO_ROOT, 'docker-compose.yml');
export const DOCKERFILE = join(REPO_ROOT, 'deploy/docker/Dockerfile');
export const DOCKERIGNORE = join(REPO_ROOT, '.dockerignore');
export const REGISTRY_FILE = 'packages/service-registry/src/services.json';

/** Each service's Env class: its own settings and their defaults (`new GatewayEnv()`). */
const ENV_CLASSES: Record<ServiceName, new () => object> = {
  gateway: GatewayEnv,
  ingestion: IngestionEnv,
  directory: DirectoryEnv,
  referral: ReferralEnv,
  report: ReportEnv,
};

/**
 * The settings each engine's module reads (server-kit): a service reads those
 * of the engines the registry lists for it, besides its own Env class.
 */
const ENGINE_ENV_CLASSES: Record<EngineName, new () => object> = {
  kafka: KafkaEnv,
  clickhouse: ClickHouseEnv,
  mongodb: MongoEnv,
  smtp: MailerEnv,
};

/** Whether /metrics has a port of its own (the gateway: its HTTP port is public). */
export function hasOwnMetricsPort(entry: ServiceEntry): boolean {
  return entry.metricsPort !== entry.httpPort;
}

/**
 * The port variables a service is started with, per the registry: PORT,
 * METRICS_PORT where /metrics has its own port, GRPC_PORT where it serves gRPC.
 * scripts/services.config.mjs derives the same for the supervisor.
 */
export function expectedPortEnv(service: ServiceName): Record<string, string> {
  const entry = REGISTRY[service];
  const env: Record<string, string> = { PORT: String(entry.httpPort) };
  if (hasOwnMetricsPort(entry)) env.METRICS_PORT = String(entry.metricsPort);
  if (entry.grpcPort !== null) env.GRPC_PORT = String(entry.grpcPort);
  return env;
}

export const PORT_VARIABLES = ['PORT', 'METRICS_PORT', 'GRPC_PORT'];

function portEnvProblems(
  where: string,
  service: ServiceName,
  env: Record<string, string | undefined>,
): string[] {
  const expected = expectedPortEnv(service);
  return PORT_VARIABLES.filter((name) => env[name] !== expected[name]).map((name) =>
    expected[name] === undefined
      ? `${where}: ${name} is set, but the registry gives ${service} no such port`
      : `${where}: ${name} is ${env[name] ?? 'not set'}, the registry says ${expected[name]}`,
  );
}

/** Engines as the compose file names their containers. */
const COMPOSE_ENGINE: Record<EngineName, string> = {
  kafka: 'kafka',
  clickhouse: 'clickhouse',
  mongodb: 'mongo',
  smtp: 'mailpit',
};

/**
 * Settings the deployment already passes although the service does not read
 * them yet (ARCHITECTURE.md: admin auth in the gateway, with its users in
 * MongoDB). Once a service reads one, its entry here is redundant and may go.
 */
const SETTINGS_NOT_YET_READ: Record<ServiceName, string[]> = {
  gateway: [],
  ingestion: [],
  directory: [],
  referral: [],
  report: [],
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
  failureThreshold?: number;
}

export interface Container {
  name: string;
  image: string;
  args?: string[];
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
  template: {
    metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
    spec: PodSpec;
  };
}

export interface ServiceSpec {
  type?: string;
  selector: Record<string, string>;
  ports: { name?: string; port: number; targetPort?: string | number }[];
}

export interface IngressSpec {
  rules?: {
    host?: string;
    http?: {
      paths: {
        path?: string;
        backend: { service?: { name: string; port: { name?: string; number?: number } } };
      }[];
    };
  }[];
}

export interface ServiceMonitorSpec {
  selector: { matchLabels: Record<string, string> };
  namespaceSelector?: { matchNames?: string[] };
  endpoints: { port?: string; path?: string }[];
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

/**
 * What kube-score (scripts/check-deploy.sh) does not check of a container's
 * security context; it covers the user and group, privileged, a read-only root
 * filesystem and the seccomp profile.
 */
function securityProblems(where: string, c: SecurityContext = {}): string[] {
  const problems: string[] = [];
  if (c.allowPrivilegeEscalation !== false)
    problems.push(`${where}: allowPrivilegeEscalation is not false`);
  if (!c.capabilities?.drop?.includes('ALL'))
    problems.push(`${where}: capabilities do not drop ALL`);
  if (c.capabilities?.add?.length)
    problems.push(`${where}: adds capabilities ${c.capabilities.add.join(',')}`);
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

/** Engines the wait-for-dependencies init container waits for (its `wait_for <engine>` lines). */
export function waitedEngines(pod: PodSpec): string[] | undefined {
  const wait = pod.initContainers?.find((c) => c.name === 'wait-for-dependencies');
  if (!wait) return undefined;
  return [...(wait.args ?? []).join('\n').matchAll(/^\s*wait_for (\w+)/gm)].map((m) => m[1]);
}

/** What the registry says one workload's main container must look like. */
function workloadProblems(
  where: string,
  service: ServiceName,
  pod: PodSpec,
  annotations: Record<string, string> = {},
): string[] {
  const problems: string[] = [];
  const entry = REGISTRY[service];
  const main = pod.containers.find((c) => c.name === service);
  if (!main) return [`${where}: no container named after its component ${service}`];

  // live: the process answers (a failure restarts it); ready: it can do its job
  // (a failure only takes it out of the Service). Startup waits on live.
  const paths = {
    startupProbe: entry.health.live,
    livenessProbe: entry.health.live,
    readinessProbe: entry.health.ready,
  };
  for (const [probe, path] of Object.entries(paths) as [keyof typeof paths, string][]) {
    const get = main[probe]?.httpGet;
    if (get?.path !== path || get.port !== 'http')
      problems.push(`${where}: ${probe} is not an HTTP GET of ${path} on port http`);
  }

  const ports = new Map((main.ports ?? []).map((p) => [p.name, p.containerPort]));
  const expectedPorts = new Map<string, number>([['http', entry.httpPort]]);
  if (hasOwnMetricsPort(entry)) expectedPorts.set('metrics', entry.metricsPort);
  if (entry.grpcPort !== null) expectedPorts.set('grpc', entry.grpcPort);
  for (const name of new Set([...ports.keys(), ...expectedPorts.keys()])) {
    const [actual, expected] = [ports.get(name ?? ''), expectedPorts.get(name ?? '')];
    if (actual !== expected)
      problems.push(
        `${where}: container port ${name} is ${actual ?? 'missing'}, the registry says ${expected ?? 'none'}`,
      );
  }
  problems.push(
    ...portEnvProblems(
      where,
      service,
      Object.fromEntries((main.env ?? []).map((e) => [e.name, e.value])),
    ),
  );

  const scrape = {
    'prometheus.io/scrape': 'true',
    'prometheus.io/port': String(entry.metricsPort),
    'prometheus.io/path': entry.metricsPath,
  };
  for (const [key, value] of Object.entries(scrape)) {
    if (annotations[key] !== value)
      problems.push(
        `${where}: pod annotation ${key} is ${annotations[key] ?? 'missing'}, not ${value}`,
      );
  }

  // A pod waits only for what its readiness needs: the gateway, whose readiness
  // never depends on Kafka, waits for nothing.
  const waited = waitedEngines(pod);
  if (waited && waited.sort().join() !== [...entry.readyEngines].sort().join()) {
    problems.push(
      `${where}: waits for ${waited.join(', ') || 'nothing'}, but its readiness needs ${entry.readyEngines.join(', ') || 'nothing'}`,
    );
  }
  return problems;
}

/**
 * Every Deployment: resources, probes on the registry's live and ready paths,
 * its ports, port variables and Prometheus annotations, no privilege escalation
 * or capabilities, no service account token, secrets only by reference, and its
 * own Service. Schemas are kubectl-validate's and generic best practice (resources,
 * pinned images, user, read-only root, seccomp, a NetworkPolicy and a
 * PodDisruptionBudget per Deployment) is kube-score's. The Ingress reaches only the
 * gateway's HTTP port; a ServiceMonitor, when rendered, scrapes the metrics port.
 */
export function manifestProblems(manifests: K8sObject[]): string[] {
  const problems: string[] = [];
  const deployments = ofKind<DeploymentSpec>(manifests, 'Deployment');
  const accounts = new Map(
    manifests.filter((m) => m.kind === 'ServiceAccount').map((m) => [m.metadata.name, m]),
  );
  const services = ofKind<ServiceSpec>(manifests, 'Service');

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
    // Resources, pinned images, the rest of the security context: kube-score.
    for (const c of containers) {
      const at = `${where} container ${c.name}`;
      problems.push(...securityProblems(at, c.securityContext));
      problems.push(...envProblems(at, c.env));
    }

    if (!(SERVICE_NAMES as readonly string[]).includes(component)) {
      problems.push(`${where}: component ${component} is not in the service registry`);
    } else {
      problems.push(
        ...workloadProblems(where, component, pod, d.spec.template.metadata.annotations),
      );
      const own = services.filter((s) => sameLabels(s.spec.selector, selector));
      const entry = REGISTRY[component];
      const exposed = (name: string) =>
        own.some((s) => s.spec.ports.some((p) => p.targetPort === name));
      if (entry.grpcPort !== null && !exposed('grpc'))
        problems.push(`${where}: no Service exposes its gRPC port`);
      const metricsName = hasOwnMetricsPort(entry) ? 'metrics' : 'http';
      if (!exposed(metricsName)) problems.push(`${where}: no Service exposes its metrics port`);
      for (const s of own) {
        if (
          hasOwnMetricsPort(entry) &&
          s.spec.type !== 'ClusterIP' &&
          s.spec.ports.some((p) => p.targetPort === 'metrics')
        ) {
          problems.push(
            `Service ${s.metadata.name}: a ${s.spec.type} Service must not carry the metrics port`,
          );
        }
      }
    }

    // A NetworkPolicy and a PodDisruptionBudget for every Deployment: kube-score.
    if (!services.some((s) => sameLabels(s.spec.selector, selector)))
      problems.push(`${where}: no Service`);
  }
  problems.push(...ingressProblems(manifests), ...serviceMonitorProblems(manifests));
  return problems;
}

/** The Ingress routes only to the gateway's HTTP port, never to a metrics port or path. */
export function ingressProblems(manifests: K8sObject[]): string[] {
  const problems: string[] = [];
  const services = new Map(
    ofKind<ServiceSpec>(manifests, 'Service').map((s) => [s.metadata.name, s]),
  );
  const metricsPaths = new Set(SERVICE_NAMES.map((n) => REGISTRY[n].metricsPath));
  for (const ingress of ofKind<IngressSpec>(manifests, 'Ingress')) {
    const where = `Ingress ${ingress.metadata.name}`;
    for (const rule of ingress.spec.rules ?? []) {
      for (const { path = '/', backend } of rule.http?.paths ?? []) {
        if ([...metricsPaths].some((m) => path.startsWith(m)))
          problems.push(`${where}: routes ${path}, a metrics path`);
        const target = services.get(backend.service?.name ?? '');
        if (!target || componentOf(target) !== 'gateway') {
          problems.push(
            `${where}: ${path} goes to ${backend.service?.name ?? 'no Service'}, not the gateway`,
          );
          continue;
        }
        const port = target.spec.ports.find((p) =>
          backend.service?.port.name !== undefined
            ? p.name === backend.service.port.name
            : p.port === backend.service?.port.number,
        );
        if (port?.targetPort !== 'http')
          problems.push(
            `${where}: ${path} goes to port ${port?.name ?? '(none)'} of ${target.metadata.name}, not the gateway's http port`,
          );
      }
    }
  }
  return problems;
}

/** Each ServiceMonitor scrapes its component's metrics port and path, in the release's namespace. */
export function serviceMonitorProblems(manifests: K8sObject[]): string[] {
  return ofKind<ServiceMonitorSpec>(manifests, 'ServiceMonitor').flatMap((m) => {
    const where = `ServiceMonitor ${m.metadata.name}`;
    const component = componentOf(m) as ServiceName;
    const entry = REGISTRY[component];
    if (!entry) return [`${where}: component ${component} is not in the service registry`];
    const port = hasOwnMetricsPort(entry) ? 'metrics' : 'http';
    const problems: string[] = [];
    if (m.spec.selector.matchLabels['app.kubernetes.io/component'] !== component)
      problems.push(`${where}: does not select the ${component} Services`);
    if (
      m.spec.endpoints.length !== 1 ||
      m.spec.endpoints[0].port !== port ||
      m.spec.endpoints[0].path !== entry.metricsPath
    )
      problems.push(`${where}: must scrape port ${port} at ${entry.metricsPath}`);
    return problems;
  });
}

// ---------------------------------------------------------------------------
// Settings: names the deployment passes must be names a service reads.

/** Setting names one settings class declares: fields with a default or a validator. */
function classFields(EnvClass: new () => object): string[] {
  return [
    ...Object.keys(new EnvClass()),
    ...getMetadataStorage()
      .getTargetValidationMetadatas(EnvClass, '', true, false)
      .map((meta) => meta.propertyName),
  ];
}

/**
 * Setting names a service reads: its Env class (base classes included) and the
 * settings of the engines the registry lists for it.
 */
export function envClassFields(service: ServiceName): Set<string> {
  return new Set([
    ...classFields(ENV_CLASSES[service]),
    ...REGISTRY[service].engines.flatMap((engine) => classFields(ENGINE_ENV_CLASSES[engine])),
  ]);
}

/** A service's defaults, as its Env class has them before any variable is read. */
export function envDefaults(service: ServiceName): Record<string, unknown> {
  return { ...new ENV_CLASSES[service]() };
}

/**
 * The services' own defaults agree with the registry: a service started with
 * no port variable listens where every script, check and test looks for it.
 */
export function envDefaultProblems(): string[] {
  return SERVICE_NAMES.flatMap((service) => {
    const defaults = envDefaults(service);
    const fields = envClassFields(service);
    return Object.entries(expectedPortEnv(service)).flatMap(([name, port]) => {
      const where = `services/${service}/src/config/${service}.env.ts`;
      if (!fields.has(name))
        return [`${where}: declares no ${name} (the registry gives ${service} port ${port})`];
      return String(defaults[name]) === port
        ? []
        : [`${where}: ${name} defaults to ${String(defaults[name])}, the registry says ${port}`];
    });
  });
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
    if (!main || !(component in REGISTRY)) return [];
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

interface ComponentValues {
  containerPorts: Record<string, number>;
  service: { ports: Record<string, number> };
  startupProbe: { path: string };
  livenessProbe: { path: string };
  readinessProbe: { path: string };
}
export type ChartValues = { metrics: { path: string } } & Record<ServiceName, ComponentValues>;

/** The chart's default values agree with the registry: ports, probe paths, the metrics path. */
export function valuesRegistryProblems(values: ChartValues): string[] {
  const problems: string[] = [];
  for (const service of SERVICE_NAMES) {
    const entry = REGISTRY[service];
    const v = values[service];
    const expected: Record<string, number | undefined> = {
      http: entry.httpPort,
      metrics: hasOwnMetricsPort(entry) ? entry.metricsPort : undefined,
      grpc: entry.grpcPort ?? undefined,
    };
    for (const [name, port] of Object.entries(expected)) {
      for (const [key, actual] of [
        [`${service}.containerPorts.${name}`, v.containerPorts[name]],
        [`${service}.service.ports.${name}`, v.service.ports[name]],
      ] as const) {
        if (actual !== port)
          problems.push(
            `values.yaml: ${key} is ${actual ?? 'unset'}, the registry says ${port ?? 'none'}`,
          );
      }
    }
    const paths = {
      startupProbe: entry.health.live,
      livenessProbe: entry.health.live,
      readinessProbe: entry.health.ready,
    };
    for (const [probe, path] of Object.entries(paths) as [keyof typeof paths, string][]) {
      if (v[probe].path !== path)
        problems.push(
          `values.yaml: ${service}.${probe}.path is ${v[probe].path}, the registry says ${path}`,
        );
    }
    if (values.metrics.path !== entry.metricsPath)
      problems.push(
        `values.yaml: metrics.path is ${values.metrics.path}, the registry gives ${service} ${entry.metricsPath}`,
      );
  }
  return problems;
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
const COMPOSE_CONDITIONS = ['service_started', 'service_healthy', 'service_completed_successfully'];
/** Where the Dockerfile puts the health check; the registry is copied beside it. */
export const HEALTHCHECK_SCRIPT = '/usr/local/lib/handcheck/healthcheck.mjs';

function composeEnv(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((line) => [line.split('=')[0], line.slice(line.indexOf('=') + 1)]),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

/** An image as compose resolves it when its variable is unset: `${KAFKA_IMAGE:-apache/kafka:3.9.2}` → the default. */
export function defaultImage(image: string): string {
  return image.replace(/\$\{\w+:?-([^}]*)\}/g, '$1');
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
  const published = (name: string) => (services[name]?.ports ?? []).map(String);
  for (const name of [...ENGINES, ...SERVICE_NAMES]) {
    if (!services[name]) problems.push(`compose: service ${name} is missing`);
  }
  const kafkaImage = defaultImage(services.kafka?.image ?? '');
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
        if (!condition || !COMPOSE_CONDITIONS.includes(condition)) {
          problems.push(`${where}: depends on ${dep} without a condition`);
        }
      }
    }

    const isApp = (SERVICE_NAMES as readonly string[]).includes(name);
    if (isApp) {
      if (s.build?.dockerfile !== 'deploy/docker/Dockerfile')
        problems.push(`${where}: not built from deploy/docker/Dockerfile`);
      if (s.build?.args?.SERVICE !== name)
        problems.push(`${where}: build arg SERVICE is not ${name}`);
      if (!s.image?.startsWith(`handcheck/${name}:`))
        problems.push(`${where}: image is not handcheck/${name}:<tag>`);
    } else if (!s.image || !pinned(defaultImage(s.image))) {
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
      problems.push(...portEnvProblems(where, service, env));
      problems.push(...unknownSettings(where, service, Object.keys(env)));
      if (
        JSON.stringify(s.healthcheck?.test) !== JSON.stringify(['CMD', 'node', HEALTHCHECK_SCRIPT])
      ) {
        problems.push(
          `${where}: health check is not the image's ${HEALTHCHECK_SCRIPT} (the registry's ready path)`,
        );
      }
      if (!Array.isArray(deps)) problems.push(...composeStartOrderProblems(where, service, deps));
      const metrics = REGISTRY[service].metricsPort;
      if (published(name).some((p) => new RegExp(`:${metrics}$`).test(p)))
        problems.push(`${where}: publishes its metrics port ${metrics}`);
    }
  }

  const gatewayPort = REGISTRY.gateway.httpPort;
  if (!published('gateway').some((p) => new RegExp(`(^|:)${gatewayPort}:${gatewayPort}$`).test(p)))
    problems.push(`compose: gateway is not published on ${gatewayPort}`);
  if (!published('mailpit').some((p) => /(^|:)8025:8025$/.test(p)))
    problems.push('compose: Mailpit UI is not published on 8025');
  return problems;
}

/**
 * A service waits for the engines its readiness needs to be healthy, and for
 * nothing else to be healthy (the gateway, whose readiness never depends on
 * Kafka, only waits for the engines to be started); every engine it uses is
 * started before it.
 */
function composeStartOrderProblems(
  where: string,
  service: ServiceName,
  deps: Record<string, { condition?: string }>,
): string[] {
  const { engines, readyEngines } = REGISTRY[service];
  const healthy = Object.entries(deps)
    .filter(([, { condition } = {}]) => condition === 'service_healthy')
    .map(([dep]) => dep)
    .sort();
  const needed = readyEngines.map((e) => COMPOSE_ENGINE[e]).sort();
  const problems: string[] = [];
  if (healthy.join() !== needed.join()) {
    problems.push(
      `${where}: waits for ${healthy.join(', ') || 'nothing'} to be healthy; its readiness needs ${needed.join(', ') || 'nothing'}`,
    );
  }
  for (const engine of engines.map((e) => COMPOSE_ENGINE[e])) {
    if (!deps[engine]) problems.push(`${where}: does not depend on ${engine}, which it uses`);
  }
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

  // The final stage's numeric non-root USER and its HEALTHCHECK (the registry's
  // ready path, read from beside the script) are proven on the built images by
  // tests/stack/containers.stack-spec.ts under `make test-deploy`.

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

/** Checks one or more renders of the chart (each with its own values) and, once, everything else. */
function main(renderedPaths: string[]): void {
  const renders = renderedPaths.map((path) => ({
    path,
    manifests: parseManifests(readFileSync(path, 'utf8')),
  }));
  const values = readFileSync(join(CHART_DIR, 'values.yaml'), 'utf8');
  const problems = [
    ...renders.flatMap(({ path, manifests }) =>
      [...manifestProblems(manifests), ...chartSettingsProblems(manifests)].map((p) =>
        renders.length > 1 ? `${path}: ${p}` : p,
      ),
    ),
    ...valuesDocProblems(values),
    ...valuesRegistryProblems(parse(values) as ChartValues),
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
  const rendered = process.argv.slice(2);
  if (rendered.length === 0) {
    console.error('usage: tsx tests/deploy/deploy-checks.ts <rendered-manifests.yaml>...');
    process.exit(2);
  }
  main(rendered);
}
