import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Deployment } from 'kubernetes-types/apps/v1';
import type { Container, PodSpec, Service } from 'kubernetes-types/core/v1';
import type { Ingress, NetworkPolicy } from 'kubernetes-types/networking/v1';
import {
  REGISTRY,
  SERVICE_NAMES,
  type ServiceName,
  expectedPortEnv,
  hasOwnMetricsPort,
  manifestProblems,
  valuesDocProblems,
} from './deploy-checks';
import { GatewayEnv } from '../../services/gateway/src/config/gateway.env';
import {
  CHART_DIR,
  type K8sObject,
  componentOf,
  ofKind,
  renderChart,
  requireHelm,
} from '../support/helm';

// The chart is rendered by the real helm binary that scripts/check-deploy.sh
// caches; without it these tests fail (they never skip) and say how to get it.

/** The values a production install needs, minus the secret references. */
const PRODUCTION_WITHOUT_SECRETS = [
  '--set',
  'kafka.brokers[0]=kafka.data.svc:9092',
  '--set',
  'clickhouse.url=http://clickhouse.data.svc:8123',
  '--set',
  'smtp.host=smtp.example',
  '--set',
  'gateway.config.siteOrigin=https://handcheck.example',
];

/** The prometheus-operator's ServiceMonitor, the fields read here. */
interface ServiceMonitor {
  kind?: 'ServiceMonitor';
  spec?: {
    selector: { matchLabels: Record<string, string> };
    namespaceSelector?: { matchNames?: string[] };
    endpoints: { port?: string; path?: string }[];
  };
}

function deployment(manifests: K8sObject[], component: string) {
  const found = ofKind<Deployment>(manifests, 'Deployment').find(
    (d) => componentOf(d) === component,
  );
  if (!found) throw new Error(`no Deployment for ${component}`);
  return found;
}

function pod(manifests: K8sObject[], component: string): PodSpec {
  const spec = deployment(manifests, component).spec.template.spec;
  if (!spec) throw new Error(`no pod spec for ${component}`);
  return spec;
}

function mainContainer(manifests: K8sObject[], component: string): Container {
  const container = pod(manifests, component).containers.find((c) => c.name === component);
  if (!container) throw new Error(`no ${component} container`);
  return container;
}

function policy(manifests: K8sObject[], component: string) {
  const found = ofKind<NetworkPolicy>(manifests, 'NetworkPolicy').find(
    (p) => componentOf(p) === component,
  );
  if (!found) throw new Error(`no NetworkPolicy for ${component}`);
  return found.spec;
}

/** Engines the wait-for-dependencies init container waits for (its `wait_for <engine>` lines). */
function waitedEngines(spec: PodSpec): string[] | undefined {
  const wait = spec.initContainers?.find((c) => c.name === 'wait-for-dependencies');
  if (!wait) return undefined;
  return [...(wait.args ?? []).join('\n').matchAll(/^\s*wait_for (\w+)/gm)].map((m) => m[1]!);
}

function envNames(container: Container): string[] {
  return (container.env ?? []).map((e) => e.name);
}

function envValues(container: Container): Record<string, string | undefined> {
  return Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]));
}

const releaseSelector = {
  podSelector: {
    matchLabels: {
      'app.kubernetes.io/name': 'handcheck',
      'app.kubernetes.io/instance': 'handcheck',
    },
  },
};

const monitoringNamespace = {
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
};

/** Services whose /metrics has a port of its own get a second, ClusterIP-only Service. */
const OWN_METRICS_PORT = SERVICE_NAMES.filter((n) => hasOwnMetricsPort(REGISTRY[n]));

/** The chart rendered with the CI values, once for every test below. */
let manifests: K8sObject[];
beforeAll(() => {
  requireHelm();
  const result = renderChart();
  if (!result.ok) throw new Error(`helm template failed with the CI values:\n${result.stderr}`);
  manifests = result.manifests;
});

describe('the Helm chart', () => {
  it('renders one set of resources per service, plus the gateway ingress and autoscaler', () => {
    // The `helm test` hook (a pod and its policy) is not one of the services' resources.
    const count = (kind: string) =>
      manifests.filter((m) => m.kind === kind && !m.metadata.annotations?.['helm.sh/hook']).length;
    for (const kind of ['Deployment', 'ServiceAccount', 'NetworkPolicy', 'PodDisruptionBudget']) {
      expect([kind, count(kind)]).toEqual([kind, SERVICE_NAMES.length]);
    }
    expect(count('Service')).toBe(SERVICE_NAMES.length + OWN_METRICS_PORT.length);
    expect(OWN_METRICS_PORT).toEqual(['gateway']);
    // Off by default: it needs the Prometheus Operator's CRDs.
    expect(count('ServiceMonitor')).toBe(0);
    expect(manifests.filter((m) => m.kind === 'Ingress').map(componentOf)).toEqual(['gateway']);
    expect(manifests.filter((m) => m.kind === 'HorizontalPodAutoscaler').map(componentOf)).toEqual([
      'gateway',
    ]);
    expect(manifests.filter((m) => m.kind === 'Secret')).toEqual([]);
  });

  it('gives no pod an API token, privilege escalation or a plain secret, and each service only settings it reads', () => {
    expect(manifestProblems(manifests)).toEqual([]);
  });

  it('flags a token, privilege escalation, a plain secret and a misspelt setting', () => {
    const broken = structuredClone(manifests);
    const report = pod(broken, 'report');
    report.automountServiceAccountToken = true;
    const [main] = report.containers;
    main!.securityContext = { ...main!.securityContext, allowPrivilegeEscalation: true };
    main!.env = [
      { name: 'SMTP_PASSWORD', value: 'hunter2' },
      { name: 'SMTP_HOTS', value: 'x' },
    ];
    const where = 'Deployment handcheck-report';
    expect(manifestProblems(broken)).toEqual([
      `${where}: automountServiceAccountToken is not false`,
      `${where} container report: allowPrivilegeEscalation is not false`,
      `${where} container report: SMTP_PASSWORD has a plain value`,
      `${where} container report: SMTP_PASSWORD is not read from a Secret`,
      `${where}: SMTP_HOTS is not a setting of the report service`,
    ]);
  });

  it("runs each service with the registry's Node flags (NODE_OPTIONS)", () => {
    const ingestion = mainContainer(manifests, 'ingestion');
    expect(ingestion.env).toContainEqual({
      name: 'NODE_OPTIONS',
      value: REGISTRY.ingestion.nodeOptions.join(' '),
    });
    const broken = structuredClone(manifests);
    const env = pod(broken, 'ingestion').containers[0]!.env!;
    env.splice(
      env.findIndex((e) => e.name === 'NODE_OPTIONS'),
      1,
    );
    expect(manifestProblems(broken)).toEqual([
      "Deployment handcheck-ingestion: NODE_OPTIONS is ''; the registry gives ingestion '--max-semi-space-size=32'",
    ]);
  });

  it('writes numbers into the environment as plain integers', () => {
    const ingestion = mainContainer(manifests, 'ingestion');
    const value = ingestion.env?.find((e) => e.name === 'BATCH_MIN_BYTES')?.value;
    // Helm reads YAML numbers as floats; big ones would come out as 1.048576e+06.
    expect(value).toBe('1048576');
  });

  it('reads every secret from the named existing Secrets', () => {
    const refs = ofKind<Deployment>(manifests, 'Deployment').flatMap((d) =>
      (d.spec.template.spec?.containers ?? []).flatMap((c) =>
        (c.env ?? [])
          .filter((e) => e.valueFrom?.secretKeyRef)
          .map(
            (e) =>
              `${componentOf(d)} ${e.name} <- ${e.valueFrom?.secretKeyRef?.name}/${e.valueFrom?.secretKeyRef?.key}`,
          ),
      ),
    );
    expect(refs.sort()).toEqual(
      [
        'directory MONGO_URL <- handcheck-mongodb/mongodb-url',
        'directory INTERNAL_GRPC_TOKEN <- handcheck-internal-grpc/internal-grpc-token',
        'gateway INTERNAL_GRPC_TOKEN <- handcheck-internal-grpc/internal-grpc-token',
        'gateway JWT_SECRET <- handcheck-auth/jwt-secret',
        'gateway MONGO_URL <- handcheck-mongodb/mongodb-url',
        'ingestion CLICKHOUSE_PASSWORD <- handcheck-clickhouse/ingestion-password',
        'referral INTERNAL_GRPC_TOKEN <- handcheck-internal-grpc/internal-grpc-token',
        'referral MONGO_URL <- handcheck-mongodb/mongodb-url',
        'referral SMTP_PASSWORD <- handcheck-smtp/smtp-password',
        'referral SMTP_USER <- handcheck-smtp/smtp-user',
        'report CLICKHOUSE_PASSWORD <- handcheck-clickhouse/report-password',
        'report INTERNAL_GRPC_TOKEN <- handcheck-internal-grpc/internal-grpc-token',
        'report MONGO_URL <- handcheck-mongodb/mongodb-url',
        'report SMTP_PASSWORD <- handcheck-smtp/smtp-password',
        'report SMTP_USER <- handcheck-smtp/smtp-user',
      ].sort(),
    );
  });

  it('signs ingestion and report in to ClickHouse with accounts of their own, each password from the Secret', () => {
    const account = (rendered: K8sObject[], name: ServiceName) => {
      const env = mainContainer(rendered, name).env ?? [];
      const user = env.find((e) => e.name === 'CLICKHOUSE_USER');
      const password = env.find((e) => e.name === 'CLICKHOUSE_PASSWORD');
      return user ? [user.value, password?.value, password?.valueFrom?.secretKeyRef] : undefined;
    };
    const accounts = (rendered: K8sObject[]) =>
      Object.fromEntries(SERVICE_NAMES.map((name) => [name, account(rendered, name)]));
    expect(accounts(manifests)).toEqual({
      gateway: undefined,
      ingestion: [
        'ingestion',
        undefined,
        { name: 'handcheck-clickhouse', key: 'ingestion-password' },
      ],
      directory: undefined,
      referral: undefined,
      report: ['report', undefined, { name: 'handcheck-clickhouse', key: 'report-password' }],
    });
    // Accounts and keys as an operator names them.
    const renamed = renderChart([
      '--set',
      'clickhouse.existingSecret=ch',
      '--set',
      'clickhouse.ingestion.user=hc_writer',
      '--set',
      'clickhouse.ingestion.passwordKey=writer',
      '--set',
      'clickhouse.report.user=hc_reader',
      '--set',
      'clickhouse.report.passwordKey=reader',
    ]);
    expect(accounts(renamed.manifests)).toMatchObject({
      ingestion: ['hc_writer', undefined, { name: 'ch', key: 'writer' }],
      report: ['hc_reader', undefined, { name: 'ch', key: 'reader' }],
    });
    // The one ClickHouse login of old is refused by the schema, not silently ignored.
    const old = renderChart(['--set', 'clickhouse.user=handcheck'], true);
    expect(old.ok).toBe(false);
    expect(old.stderr).toMatch(/clickhouse.*user/);
  });

  it('gives every service that serves or calls gRPC the internal credential from its Secret, and no other', () => {
    const grpcCalls = (name: ServiceName) =>
      envNames(mainContainer(manifests, name)).some((n) => n.endsWith('_GRPC_URL'));
    const speaksGrpc = SERVICE_NAMES.filter((n) => REGISTRY[n].grpcPort !== null || grpcCalls(n));
    expect([...speaksGrpc].sort()).toEqual(['directory', 'gateway', 'referral', 'report']);
    for (const name of SERVICE_NAMES) {
      const token = (mainContainer(manifests, name).env ?? []).find(
        (e) => e.name === 'INTERNAL_GRPC_TOKEN',
      );
      expect([name, token?.value, token?.valueFrom?.secretKeyRef]).toEqual([
        name,
        undefined,
        speaksGrpc.includes(name)
          ? { name: 'handcheck-internal-grpc', key: 'internal-grpc-token' }
          : undefined,
      ]);
    }
    // Another key of another Secret, as an operator names it.
    const renamed = renderChart([
      '--set',
      'internalGrpc.existingSecret=grpc',
      '--set',
      'internalGrpc.tokenKey=token',
    ]);
    const gateway = mainContainer(renamed.manifests, 'gateway').env ?? [];
    expect(gateway.find((e) => e.name === 'INTERNAL_GRPC_TOKEN')?.valueFrom?.secretKeyRef).toEqual({
      name: 'grpc',
      key: 'token',
    });
  });

  it('configures the gateway for a container behind the ingress', () => {
    const env = Object.fromEntries(
      (mainContainer(manifests, 'gateway').env ?? []).map((e) => [e.name, e.value]),
    );
    expect(env).toMatchObject({
      HOST: '0.0.0.0',
      ...expectedPortEnv('gateway'),
      NODE_ENV: 'production',
      WEB_DIST_DIR: '/app/web/dist',
      SITE_ORIGIN: 'https://handcheck.example',
      TRUSTED_PROXIES: '10.0.0.0/8',
      KAFKA_BROKERS:
        'kafka-0.kafka-headless.data.svc.cluster.local:9092,kafka-1.kafka-headless.data.svc.cluster.local:9092',
    });
    // The HPA owns the replica count when autoscaling is on.
    expect(deployment(manifests, 'gateway').spec.replicas).toBeUndefined();
  });

  it('opens the gateway to everyone on its HTTP port, health to this release, gRPC to the gateway, metrics to the scraper', () => {
    const port = (n: number) => [{ port: n, protocol: 'TCP' }];
    const gateway = REGISTRY.gateway;
    expect(policy(manifests, 'gateway').ingress).toEqual([
      { ports: port(gateway.httpPort) },
      { ports: port(gateway.metricsPort), from: [monitoringNamespace] },
    ]);
    const gatewayPods = {
      podSelector: {
        matchLabels: {
          ...releaseSelector.podSelector.matchLabels,
          'app.kubernetes.io/component': 'gateway',
        },
      },
    };
    for (const name of SERVICE_NAMES.filter((n) => n !== 'gateway')) {
      const entry = REGISTRY[name];
      expect([name, policy(manifests, name).ingress]).toEqual([
        name,
        [
          { ports: port(entry.httpPort), from: [releaseSelector] },
          ...(entry.grpcPort === null
            ? []
            : [{ ports: port(entry.grpcPort), from: [gatewayPods] }]),
          { ports: port(entry.metricsPort), from: [monitoringNamespace] },
        ],
      ]);
    }
  });

  it('never lets a metrics rule without peers open a port to everyone', () => {
    const result = renderChart(['--set-json', 'metrics.allowFrom=[]']);
    expect(result.stderr).toBe('');
    for (const name of SERVICE_NAMES) {
      const open = (policy(result.manifests, name).ingress ?? []).filter((rule) => !rule.from);
      // Only the gateway's public HTTP port is open to all.
      expect([name, open]).toEqual([
        name,
        name === 'gateway'
          ? [{ ports: [{ port: REGISTRY.gateway.httpPort, protocol: 'TCP' }] }]
          : [],
      ]);
    }
  });

  it('lets each service reach only DNS, its own engines and the services it calls', () => {
    const egressPorts = (name: string) =>
      (policy(manifests, name).egress ?? []).map((rule) => ({
        to: rule.to?.map(
          (peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/component'] ?? 'peer',
        ),
        ports: rule.ports?.map((p) => p.port),
      }));
    const dns = { to: undefined, ports: [53, 53] };
    expect(egressPorts('gateway')).toEqual([
      dns,
      { to: undefined, ports: [9092, 27017] },
      { to: ['directory'], ports: [REGISTRY.directory.grpcPort] },
      { to: ['referral'], ports: [REGISTRY.referral.grpcPort] },
      { to: ['report'], ports: [REGISTRY.report.grpcPort] },
    ]);
    expect(egressPorts('ingestion')).toEqual([dns, { to: undefined, ports: [9092, 8123] }]);
    expect(egressPorts('directory')).toEqual([dns, { to: undefined, ports: [27017] }]);
    expect(egressPorts('referral')).toEqual([dns, { to: undefined, ports: [9092, 27017, 587] }]);
    expect(egressPorts('report')).toEqual([dns, { to: undefined, ports: [8123, 27017, 587] }]);
  });

  it("waits in an init container for the engines a service's readiness needs, and for nothing else", () => {
    for (const name of SERVICE_NAMES) {
      const waited = waitedEngines(pod(manifests, name)) ?? [];
      expect([name, waited.sort()]).toEqual([name, [...REGISTRY[name].readyEngines].sort()]);
    }
    const init = pod(manifests, 'ingestion').initContainers ?? [];
    expect(init.map((c) => c.name)).toEqual(['wait-for-dependencies']);
    const script = (init[0] as Container & { args: string[] }).args.join('\n');
    expect(script).toContain(
      "wait_for kafka 'kafka-0.kafka-headless.data.svc.cluster.local:9092' 'kafka-1.kafka-headless.data.svc.cluster.local:9092'",
    );
    expect(script).toContain("wait_for clickhouse 'clickhouse.data.svc.cluster.local:8123'");
    // The MongoDB address is only in the Secret, so the init container reads it from there.
    const directoryInit = pod(manifests, 'directory').initContainers?.[0];
    expect(directoryInit?.env?.[0]?.valueFrom?.secretKeyRef).toEqual({
      name: 'handcheck-mongodb',
      key: 'mongodb-url',
    });
  });

  it('documents every value with an @param comment', () => {
    expect(valuesDocProblems(readFileSync(join(CHART_DIR, 'values.yaml'), 'utf8'))).toEqual([]);
  });

  it('renders the CI values to the recorded manifests', () => {
    expect(renderChart().stdout).toMatchSnapshot();
  });
});

describe('the Helm chart against the service registry', () => {
  it('probes live for startup and liveness and ready for readiness, on different paths for every workload', () => {
    for (const name of SERVICE_NAMES) {
      const main = mainContainer(manifests, name);
      const path = (probe: 'startupProbe' | 'livenessProbe' | 'readinessProbe') =>
        `${main[probe]?.httpGet?.path} on ${main[probe]?.httpGet?.port}`;
      expect([name, path('startupProbe'), path('livenessProbe'), path('readinessProbe')]).toEqual([
        name,
        `${REGISTRY[name].health.live} on http`,
        `${REGISTRY[name].health.live} on http`,
        `${REGISTRY[name].health.ready} on http`,
      ]);
      expect(path('livenessProbe')).not.toBe(path('readinessProbe'));
      // A cold start gets minutes; a hung process is restarted within about half a minute.
      expect(main.startupProbe?.failureThreshold).toBeGreaterThanOrEqual(12);
    }
  });

  it('keeps the gateway ready without Kafka and never holds its pods back for Kafka', () => {
    expect(REGISTRY.gateway.engines).toContain('kafka');
    expect(REGISTRY.gateway.readyEngines).not.toContain('kafka');
    expect(mainContainer(manifests, 'gateway').readinessProbe?.httpGet?.path).toBe(
      REGISTRY.gateway.health.ready,
    );
    // waitForDependencies is on in these values, and the other pods do wait.
    expect(pod(manifests, 'gateway').initContainers).toBeUndefined();
    expect(waitedEngines(pod(manifests, 'ingestion'))).toContain('kafka');
  });

  it('names the container ports http, metrics (gateway) and grpc (directory, report) and passes them as PORT, METRICS_PORT, GRPC_PORT', () => {
    for (const name of SERVICE_NAMES) {
      const main = mainContainer(manifests, name);
      const entry = REGISTRY[name];
      const expected = [
        { name: 'http', containerPort: entry.httpPort, protocol: 'TCP' },
        ...(hasOwnMetricsPort(entry)
          ? [{ name: 'metrics', containerPort: entry.metricsPort, protocol: 'TCP' }]
          : []),
        ...(entry.grpcPort === null
          ? []
          : [{ name: 'grpc', containerPort: entry.grpcPort, protocol: 'TCP' }]),
      ];
      const byName = (a: { name?: string }, b: { name?: string }) =>
        (a.name ?? '').localeCompare(b.name ?? '');
      expect([name, [...(main.ports ?? [])].sort(byName)]).toEqual([name, expected.sort(byName)]);
      const env = envValues(main);
      const portVars = Object.fromEntries(
        ['PORT', 'METRICS_PORT', 'GRPC_PORT'].filter((v) => v in env).map((v) => [v, env[v]]),
      );
      expect([name, portVars]).toEqual([name, expectedPortEnv(name)]);
    }
  });

  it('annotates every pod for Prometheus with its metrics port and path', () => {
    for (const name of SERVICE_NAMES) {
      expect([name, deployment(manifests, name).spec.template.metadata?.annotations]).toEqual([
        name,
        {
          'prometheus.io/scrape': 'true',
          'prometheus.io/port': String(REGISTRY[name].metricsPort),
          'prometheus.io/path': REGISTRY[name].metricsPath,
        },
      ]);
    }
    // podAnnotations are added, and win on a clash.
    const result = renderChart([
      '--set-string',
      'referral.podAnnotations.prometheus\\.io/scrape=false',
      '--set',
      'referral.podAnnotations.team=care',
    ]);
    expect(
      deployment(result.manifests, 'referral').spec.template.metadata?.annotations,
    ).toMatchObject({
      'prometheus.io/scrape': 'false',
      'prometheus.io/port': String(REGISTRY.referral.metricsPort),
      team: 'care',
    });
  });

  it("exposes each service's registry ports (gRPC on directory, referral and report) and the gateway metrics only on a ClusterIP Service", () => {
    const exposed = Object.fromEntries(
      ofKind<Service>(manifests, 'Service').map((s) => [
        s.metadata.name,
        (s.spec.ports ?? []).map((p) => `${p.name} ${p.port} -> ${p.targetPort}`).sort(),
      ]),
    );
    const expected = SERVICE_NAMES.flatMap((name) => {
      const { httpPort, grpcPort, metricsPort } = REGISTRY[name];
      const own = [`http ${httpPort} -> http`];
      if (grpcPort !== null) own.unshift(`grpc ${grpcPort} -> grpc`);
      const metrics = [`handcheck-${name}-metrics`, [`metrics ${metricsPort} -> metrics`]];
      return hasOwnMetricsPort(REGISTRY[name])
        ? [[`handcheck-${name}`, own], metrics]
        : [[`handcheck-${name}`, own]];
    });
    expect(exposed).toEqual(Object.fromEntries(expected));

    const public_ = renderChart(['--set', 'gateway.service.type=LoadBalancer']);
    const services = ofKind<Service>(public_.manifests, 'Service').filter(
      (s) => componentOf(s) === 'gateway',
    );
    expect(
      services.map((s) => [s.metadata.name, s.spec.type, s.spec.ports?.map((p) => p.port)]),
    ).toEqual([
      ['handcheck-gateway-metrics', 'ClusterIP', [REGISTRY.gateway.metricsPort]],
      ['handcheck-gateway', 'LoadBalancer', [REGISTRY.gateway.httpPort]],
    ]);
    expect(manifestProblems(public_.manifests)).toEqual([]);
  });

  it("routes the Ingress only to the gateway's http port, never to a metrics port or path", () => {
    const backends = ofKind<Ingress>(manifests, 'Ingress').flatMap((i) =>
      (i.spec.rules ?? []).flatMap((r) =>
        (r.http?.paths ?? []).map((p) => [
          p.path,
          p.backend.service?.name,
          p.backend.service?.port,
        ]),
      ),
    );
    expect(backends).toEqual([['/', 'handcheck-gateway', { name: 'http' }]]);

    // The chart refuses to render a route to /metrics at all.
    const refused = renderChart([
      '--set',
      'gateway.ingress.hosts[0].host=h.example',
      '--set',
      'gateway.ingress.hosts[0].paths[0].path=/metrics',
      '--set',
      'gateway.ingress.hosts[0].paths[0].pathType=Prefix',
    ]);
    expect(refused.ok).toBe(false);
    expect(refused.stderr).toContain('metrics are for the cluster only');
  });

  it('renders one ServiceMonitor per service when metrics.serviceMonitor.enabled is true', () => {
    const result = renderChart([
      '--set',
      'metrics.serviceMonitor.enabled=true',
      '--set',
      'metrics.serviceMonitor.namespace=monitoring',
      '--set',
      'metrics.serviceMonitor.labels.release=kube-prometheus-stack',
    ]);
    expect(result.stderr).toBe('');
    const monitors = ofKind<ServiceMonitor>(result.manifests, 'ServiceMonitor');
    expect(monitors.map(componentOf).sort()).toEqual([...SERVICE_NAMES].sort());
    for (const monitor of monitors) {
      const name = componentOf(monitor) as (typeof SERVICE_NAMES)[number];
      expect(monitor.apiVersion).toBe('monitoring.coreos.com/v1');
      expect(monitor.metadata.namespace).toBe('monitoring');
      expect(monitor.metadata.labels?.release).toBe('kube-prometheus-stack');
      expect(monitor.spec.namespaceSelector).toEqual({ matchNames: ['handcheck'] });
      const port = hasOwnMetricsPort(REGISTRY[name]) ? 'metrics' : 'http';
      expect([name, monitor.spec.endpoints.map((e) => [e.port, e.path])]).toEqual([
        name,
        [[port, REGISTRY[name].metricsPath]],
      ]);
      // The port it scrapes exists on one of the Services it selects, at the registry's metrics port.
      const selected = ofKind<Service>(result.manifests, 'Service').filter((s) =>
        Object.entries(monitor.spec.selector.matchLabels).every(
          ([k, v]) => s.metadata.labels?.[k] === v,
        ),
      );
      const scraped = selected.flatMap((s) => s.spec.ports ?? []).filter((p) => p.name === port);
      expect([name, scraped.map((p) => p.port)]).toEqual([name, [REGISTRY[name].metricsPort]]);
    }
    expect(manifestProblems(result.manifests)).toEqual([]);
  });
});

describe('the Helm chart refuses incomplete values', () => {
  it('refuses the defaults, which name no Kafka brokers', () => {
    const result = renderChart([], false);
    expect(result.ok).toBe(false);
    expect(result.stderr).toContain('kafka.brokers is required');
  });

  it('refuses production values without the MongoDB secret reference', () => {
    const result = renderChart(PRODUCTION_WITHOUT_SECRETS, false);
    expect(result.ok).toBe(false);
    expect(result.stderr).toContain('mongodb.existingSecret is required');
  });

  it('refuses production values without the ClickHouse password or JWT secret references', () => {
    const withMongo = [
      ...PRODUCTION_WITHOUT_SECRETS,
      '--set',
      'mongodb.existingSecret=handcheck-mongodb',
    ];
    const noClickhouse = renderChart(withMongo, false);
    expect(noClickhouse.ok).toBe(false);
    expect(noClickhouse.stderr).toContain(
      'clickhouse.existingSecret is required when config.nodeEnv is production',
    );

    const noJwt = renderChart(
      [...withMongo, '--set', 'clickhouse.existingSecret=handcheck-clickhouse'],
      false,
    );
    expect(noJwt.ok).toBe(false);
    expect(noJwt.stderr).toContain(
      'auth.existingSecret is required when config.nodeEnv is production',
    );

    const noRecipients = renderChart(
      [
        ...withMongo,
        '--set',
        'clickhouse.existingSecret=handcheck-clickhouse',
        '--set',
        'auth.existingSecret=handcheck-auth',
        '--set',
        'report.config.recipients=null',
      ],
      false,
    );
    expect(noRecipients.ok).toBe(false);
    expect(noRecipients.stderr).toContain(
      'report.config.recipients is required when config.nodeEnv is production',
    );
  });

  it('refuses any install without the internal gRPC credential, in production or not', () => {
    const complete = [
      ...PRODUCTION_WITHOUT_SECRETS,
      '--set',
      'mongodb.existingSecret=handcheck-mongodb',
      '--set',
      'clickhouse.existingSecret=handcheck-clickhouse',
      '--set',
      'auth.existingSecret=handcheck-auth',
      '--set',
      'referral.config.inbox=referrals@handcheck.example',
      '--set',
      'report.config.recipients[0]=analytics@handcheck.example',
    ];
    for (const nodeEnv of ['production', 'development']) {
      const result = renderChart([...complete, '--set', `config.nodeEnv=${nodeEnv}`], false);
      expect([nodeEnv, result.ok]).toEqual([nodeEnv, false]);
      expect(result.stderr).toContain('internalGrpc.existingSecret is required');
    }
    const withIt = renderChart(
      [...complete, '--set', 'internalGrpc.existingSecret=handcheck-internal-grpc'],
      false,
    );
    expect(withIt.stderr).toBe('');
  });

  it('renders a non-production install without ClickHouse password or JWT secret', () => {
    const result = renderChart(
      [
        ...PRODUCTION_WITHOUT_SECRETS,
        '--set',
        'mongodb.existingSecret=handcheck-mongodb',
        '--set',
        'internalGrpc.existingSecret=handcheck-internal-grpc',
        '--set',
        'config.nodeEnv=development',
      ],
      false,
    );
    expect(result.stderr).toBe('');
    expect(envNames(mainContainer(result.manifests, 'ingestion'))).not.toContain(
      'CLICKHOUSE_PASSWORD',
    );
    expect(envNames(mainContainer(result.manifests, 'gateway'))).not.toContain('JWT_SECRET');
    expect(manifestProblems(result.manifests)).toEqual([]);
  });

  it("renders several report replicas: each week's run is claimed in MongoDB, so it is sent once", () => {
    const result = renderChart(['--set', 'report.replicaCount=2']);
    expect(result.ok).toBe(true);
    const report = result.manifests.find(
      (m) => m.kind === 'Deployment' && m.metadata?.name === 'handcheck-report',
    ) as { spec?: { replicas?: number } } | undefined;
    expect(report?.spec?.replicas).toBe(2);
  });

  it('refuses a broker that is not host:port and values the schema forbids', () => {
    const badBroker = renderChart(['--set', 'kafka.brokers[0]=kafka'], true);
    expect(badBroker.ok).toBe(false);
    expect(badBroker.stderr).toMatch(/kafka\/brokers\/0.*does not match/);

    const badLevel = renderChart(['--set', 'config.logLevel=verbose']);
    expect(badLevel.ok).toBe(false);
    expect(badLevel.stderr).toMatch(/logLevel/);
  });

  it('leaves out what its flags switch off', () => {
    const result = renderChart([
      '--set',
      'waitForDependencies.enabled=false',
      '--set',
      'gateway.livenessProbe.enabled=false',
      '--set',
      'networkPolicy.enabled=false',
      '--set',
      'gateway.ingress.enabled=false',
      '--set',
      'gateway.config.siteOrigin=https://handcheck.example',
      '--set',
      'gateway.autoscaling.enabled=false',
      '--set',
      'directory.pdb.create=false',
    ]);
    expect(result.stderr).toBe('');
    const gateway = deployment(result.manifests, 'gateway');
    expect(gateway.spec.template.spec?.initContainers).toBeUndefined();
    expect(mainContainer(result.manifests, 'gateway').livenessProbe).toBeUndefined();
    expect(mainContainer(result.manifests, 'gateway').readinessProbe).toBeDefined();
    expect(gateway.spec.replicas).toBe(2);
    const kinds = result.manifests.map((m) => `${m.kind}/${componentOf(m)}`);
    expect(
      kinds.filter((k) => /^(NetworkPolicy|Ingress|HorizontalPodAutoscaler)\//.test(k)),
    ).toEqual([]);
    expect(kinds).not.toContain('PodDisruptionBudget/directory');
  });
});

describe('the gateway through a Kafka outage', () => {
  const chartValues = parse(readFileSync(join(CHART_DIR, 'values.yaml'), 'utf8')) as {
    gateway: { resources: { limits: { memory: string } } };
  };

  /** "512Mi" → bytes. */
  const bytesOf = (quantity: string) => {
    const match = /^(\d+)(Ki|Mi|Gi)?$/.exec(quantity);
    if (!match) throw new Error(`not a memory quantity this test reads: ${quantity}`);
    return Number(match[1]) * { Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, '': 1 }[match[2] ?? '']!;
  };

  it("fails neither the gateway's readiness nor its liveness: every probe is an HTTP GET of a path no engine answers for", () => {
    const main = mainContainer(manifests, 'gateway');
    const probes = {
      startup: main.startupProbe,
      liveness: main.livenessProbe,
      readiness: main.readinessProbe,
    };
    expect(
      Object.fromEntries(
        Object.entries(probes).map(([kind, probe]) => [
          kind,
          {
            path: probe?.httpGet?.path,
            port: probe?.httpGet?.port,
            other: Object.keys(probe ?? {}).filter((k) =>
              ['exec', 'tcpSocket', 'grpc'].includes(k),
            ),
          },
        ]),
      ),
    ).toEqual({
      startup: { path: REGISTRY.gateway.health.live, port: 'http', other: [] },
      liveness: { path: REGISTRY.gateway.health.live, port: 'http', other: [] },
      readiness: { path: REGISTRY.gateway.health.ready, port: 'http', other: [] },
    });
    // Ready needs no engine at all (the registry drives the app's HealthModule and the chart),
    // live never checks one, and nothing in the pod waits for Kafka.
    expect(REGISTRY.gateway.readyEngines).toEqual([]);
    expect(pod(manifests, 'gateway').initContainers).toBeUndefined();
  });

  it('never exposes /metrics through the ingress, on any path', () => {
    const paths = ofKind<Ingress>(manifests, 'Ingress').flatMap((i) =>
      (i.spec.rules ?? []).flatMap((r) => (r.http?.paths ?? []).map((p) => p.path)),
    );
    expect(paths.every((path) => !/metrics/i.test(path ?? ''))).toBe(true);
  });

  it('refuses an ingress without trusted proxies, which would make every visitor one client to the per-client limit', () => {
    const refused = renderChart([
      '--set',
      'gateway.config.trustedProxies=null',
      '--set',
      'gateway.ingress.enabled=true',
      '--set',
      'gateway.ingress.hosts[0].host=h.example',
    ]);
    expect(refused.ok).toBe(false);
    expect(refused.stderr).toContain('gateway.config.trustedProxies is required');
  });

  it("keeps the producer buffer's default byte bound under a quarter of the gateway's memory limit", () => {
    const limit = bytesOf(chartValues.gateway.resources.limits.memory);
    const buffer = new GatewayEnv().PRODUCER_MAX_BUFFERED_BYTES;
    expect(buffer).toBeLessThan(limit / 4);
    // The chart passes no other value.
    const env = envValues(mainContainer(manifests, 'gateway'));
    expect(env.PRODUCER_MAX_BUFFERED_BYTES ?? String(buffer)).toBe(String(buffer));
  });
});
