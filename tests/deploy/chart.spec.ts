import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CHART_DIR,
  type Container,
  type DeploymentSpec,
  type K8sObject,
  type NetworkPolicySpec,
  SERVICE_NAMES,
  chartSettingsProblems,
  componentOf,
  manifestProblems,
  ofKind,
  renderChart,
  requireHelm,
  valuesDocProblems,
} from './deploy-checks';

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

function deployment(manifests: K8sObject[], component: string) {
  const found = ofKind<DeploymentSpec>(manifests, 'Deployment').find(
    (d) => componentOf(d) === component,
  );
  if (!found) throw new Error(`no Deployment for ${component}`);
  return found;
}

function mainContainer(manifests: K8sObject[], component: string): Container {
  const container = deployment(manifests, component).spec.template.spec.containers.find(
    (c) => c.name === component,
  );
  if (!container) throw new Error(`no ${component} container`);
  return container;
}

function policy(manifests: K8sObject[], component: string) {
  const found = ofKind<NetworkPolicySpec>(manifests, 'NetworkPolicy').find(
    (p) => componentOf(p) === component,
  );
  if (!found) throw new Error(`no NetworkPolicy for ${component}`);
  return found.spec;
}

function envNames(container: Container): string[] {
  return (container.env ?? []).map((e) => e.name);
}

describe('the Helm chart', () => {
  let manifests: K8sObject[];

  beforeAll(() => {
    requireHelm();
    const result = renderChart();
    if (!result.ok) throw new Error(`helm template failed with the CI values:\n${result.stderr}`);
    manifests = result.manifests;
  });

  it('renders one set of resources per service, plus the gateway ingress and autoscaler', () => {
    const count = (kind: string) => manifests.filter((m) => m.kind === kind).length;
    for (const kind of [
      'Deployment',
      'Service',
      'ServiceAccount',
      'NetworkPolicy',
      'PodDisruptionBudget',
    ]) {
      expect([kind, count(kind)]).toEqual([kind, SERVICE_NAMES.length]);
    }
    expect(manifests.filter((m) => m.kind === 'Ingress').map(componentOf)).toEqual(['gateway']);
    expect(manifests.filter((m) => m.kind === 'HorizontalPodAutoscaler').map(componentOf)).toEqual([
      'gateway',
    ]);
    expect(manifests.filter((m) => m.kind === 'Secret')).toEqual([]);
  });

  it('gives every Deployment resources, health probes, a locked-down security context and no API token', () => {
    expect(manifestProblems(manifests)).toEqual([]);
  });

  it('passes each service only settings its Env class reads', () => {
    expect(chartSettingsProblems(manifests)).toEqual([]);
  });

  it('writes numbers into the environment as plain integers', () => {
    const ingestion = mainContainer(manifests, 'ingestion');
    const value = ingestion.env?.find((e) => e.name === 'BATCH_MIN_BYTES')?.value;
    // Helm reads YAML numbers as floats; big ones would come out as 1.048576e+06.
    expect(value).toBe('1048576');
  });

  it('reads every secret from the named existing Secrets', () => {
    const refs = ofKind<DeploymentSpec>(manifests, 'Deployment').flatMap((d) =>
      d.spec.template.spec.containers.flatMap((c) =>
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
        'gateway JWT_SECRET <- handcheck-auth/jwt-secret',
        'gateway MONGO_URL <- handcheck-mongodb/mongodb-url',
        'ingestion CLICKHOUSE_PASSWORD <- handcheck-clickhouse/clickhouse-password',
        'referral MONGO_URL <- handcheck-mongodb/mongodb-url',
        'referral SMTP_PASSWORD <- handcheck-smtp/smtp-password',
        'referral SMTP_USER <- handcheck-smtp/smtp-user',
        'report CLICKHOUSE_PASSWORD <- handcheck-clickhouse/clickhouse-password',
        'report SMTP_PASSWORD <- handcheck-smtp/smtp-password',
        'report SMTP_USER <- handcheck-smtp/smtp-user',
      ].sort(),
    );
  });

  it('configures the gateway for a container behind the ingress', () => {
    const env = Object.fromEntries(
      (mainContainer(manifests, 'gateway').env ?? []).map((e) => [e.name, e.value]),
    );
    expect(env).toMatchObject({
      HOST: '0.0.0.0',
      PORT: '8080',
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

  it('opens the gateway to everyone on its HTTP port and every other service only to this release', () => {
    const gateway = policy(manifests, 'gateway');
    expect(gateway.ingress).toEqual([{ ports: [{ port: 8080, protocol: 'TCP' }] }]);
    for (const name of SERVICE_NAMES.filter((n) => n !== 'gateway')) {
      const ingress = policy(manifests, name).ingress ?? [];
      expect(ingress).toHaveLength(1);
      expect(ingress[0].from).toEqual([
        {
          podSelector: {
            matchLabels: {
              'app.kubernetes.io/name': 'handcheck',
              'app.kubernetes.io/instance': 'handcheck',
            },
          },
        },
      ]);
    }
    expect(policy(manifests, 'directory').ingress?.[0].ports?.map((p) => p.port)).toEqual([
      50051, 8082,
    ]);
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
      { to: ['directory'], ports: [50051] },
      { to: ['report'], ports: [50052] },
    ]);
    expect(egressPorts('ingestion')).toEqual([dns, { to: undefined, ports: [9092, 8123] }]);
    expect(egressPorts('directory')).toEqual([dns, { to: undefined, ports: [27017] }]);
    expect(egressPorts('referral')).toEqual([dns, { to: undefined, ports: [9092, 27017, 587] }]);
    expect(egressPorts('report')).toEqual([dns, { to: undefined, ports: [8123, 587] }]);
  });

  it('waits for the engines in an init container before a service starts', () => {
    const init = deployment(manifests, 'ingestion').spec.template.spec.initContainers ?? [];
    expect(init.map((c) => c.name)).toEqual(['wait-for-dependencies']);
    const script = (init[0] as Container & { args: string[] }).args.join('\n');
    expect(script).toContain(
      "wait_for kafka 'kafka-0.kafka-headless.data.svc.cluster.local:9092' 'kafka-1.kafka-headless.data.svc.cluster.local:9092'",
    );
    expect(script).toContain("wait_for clickhouse 'clickhouse.data.svc.cluster.local:8123'");
    // The MongoDB address is only in the Secret, so the init container reads it from there.
    const directoryInit = deployment(manifests, 'directory').spec.template.spec.initContainers?.[0];
    expect(directoryInit?.env?.[0].valueFrom?.secretKeyRef).toEqual({
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

describe('the Helm chart refuses incomplete values', () => {
  beforeAll(() => {
    requireHelm();
  });

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
  });

  it('renders a non-production install without ClickHouse password or JWT secret', () => {
    const result = renderChart(
      [
        ...PRODUCTION_WITHOUT_SECRETS,
        '--set',
        'mongodb.existingSecret=handcheck-mongodb',
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

  it('refuses a second report replica, which would send the weekly summary twice', () => {
    const result = renderChart(['--set', 'report.replicaCount=2']);
    expect(result.ok).toBe(false);
    expect(result.stderr).toContain('report.replicaCount must be 1');
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
    expect(gateway.spec.template.spec.initContainers).toBeUndefined();
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
