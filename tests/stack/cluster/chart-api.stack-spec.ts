import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@handcheck/server-kit/testing';
import { SERVICE_NAMES } from '@handcheck/service-registry';
import { stackEnv } from '../stack-env';

// The chart with the CI values, as the API server of deploy/stack/cluster.sh
// stores it: every object validated against its schemas, defaulted and admitted,
// the optional ServiceMonitors included; then upgraded and uninstalled. Its images
// (docker.io, never pulled here) do not run: product.stack-spec.ts runs the chart.
const run = promisify(execFile);
const env = stackEnv();
const namespace = 'handcheck-api';
const release = 'handcheck-api';
const chart = join(REPO_ROOT, 'charts/handcheck');
// Production-like: the CI values name existing Secrets, turn on the ingress and
// the gateway's HPA; metrics adds the ServiceMonitors.
const values = [
  '-f',
  join(chart, 'ci/values-ci.yaml'),
  '--set',
  'metrics.serviceMonitor.enabled=true',
];

const kubectl = async (...args: string[]) =>
  (
    await run(env.kubectl, ['--kubeconfig', env.kubeconfig, ...args], {
      maxBuffer: 32 * 1024 * 1024,
    })
  ).stdout;
const helm = async (...args: string[]) =>
  (
    await run(env.helm, ['--kubeconfig', env.kubeconfig, ...args], {
      maxBuffer: 32 * 1024 * 1024,
      env: {
        ...process.env,
        HELM_CACHE_HOME: join(REPO_ROOT, 'var/deploy/helm-cache'),
        HELM_CONFIG_HOME: join(REPO_ROOT, 'var/deploy/helm-config'),
        HELM_DATA_HOME: join(REPO_ROOT, 'var/deploy/helm-data'),
      },
    })
  ).stdout;

interface ObjectRef {
  kind: string;
  name: string;
  apiVersion: string;
}

/** Every object of the release's stored manifest. */
async function releaseObjects(): Promise<ObjectRef[]> {
  const manifest = await helm('get', 'manifest', release, '-n', namespace);
  return manifest
    .split(/^---$/m)
    .map((doc) => ({
      apiVersion: /^apiVersion: (.+)$/m.exec(doc)?.[1]?.trim() ?? '',
      kind: /^kind: (.+)$/m.exec(doc)?.[1]?.trim() ?? '',
      name:
        /^metadata:\n(?:\s+.*\n)*?\s+name: (.+)$/m.exec(doc)?.[1]?.trim().replace(/^"|"$/g, '') ??
        '',
    }))
    .filter((o) => o.kind !== '');
}

const resourceOf = ({ kind, apiVersion }: ObjectRef) => {
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
  return group ? `${kind.toLowerCase()}.${group}` : kind.toLowerCase();
};

async function stored(ref: ObjectRef): Promise<Record<string, unknown>> {
  return JSON.parse(
    await kubectl('get', resourceOf(ref), ref.name, '-n', namespace, '-o', 'json'),
  ) as Record<string, unknown>;
}

beforeAll(async () => {
  await kubectl('apply', '-f', join(REPO_ROOT, 'tests/deploy/crds/servicemonitor.yaml'));
  await kubectl(
    'wait',
    '--for=condition=Established',
    'crd/servicemonitors.monitoring.coreos.com',
    '--timeout=60s',
  );
  await kubectl('create', 'namespace', namespace);
  const secret = (name: string, ...pairs: string[]) =>
    kubectl(
      'create',
      'secret',
      'generic',
      name,
      '-n',
      namespace,
      ...pairs.map((p) => `--from-literal=${p}`),
    );
  // The Secrets an operator creates before installing; values made up here, never committed.
  await secret(
    'handcheck-clickhouse',
    `ingestion-password=${randomBytes(12).toString('hex')}`,
    `report-password=${randomBytes(12).toString('hex')}`,
  );
  await secret(
    'handcheck-mongodb',
    `mongodb-url=mongodb://handcheck:${randomBytes(12).toString('hex')}@mongo.data:27017/handcheck`,
  );
  await secret(
    'handcheck-smtp',
    'smtp-user=handcheck',
    `smtp-password=${randomBytes(12).toString('hex')}`,
  );
  await secret('handcheck-auth', `jwt-secret=${randomBytes(32).toString('hex')}`);
  await secret('handcheck-internal-grpc', `internal-grpc-token=${randomBytes(32).toString('hex')}`);
});

describe('the Helm chart on a real Kubernetes API server', () => {
  let installed: ObjectRef[] = [];

  it('installs: every object is accepted and stored', async () => {
    await helm('install', release, chart, '-n', namespace, ...values, '--wait=false');
    const status = JSON.parse(await helm('status', release, '-n', namespace, '-o', 'json')) as {
      info: { status: string };
      version: number;
    };
    expect(status.info.status).toBe('deployed');
    installed = await releaseObjects();
    const kinds = new Set(installed.map((o) => o.kind));
    for (const kind of [
      'Deployment',
      'Service',
      'ServiceAccount',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'NetworkPolicy',
      'Ingress',
      'ServiceMonitor',
    ]) {
      expect(kinds).toContain(kind);
    }
    for (const service of SERVICE_NAMES) {
      expect(installed).toContainEqual(
        expect.objectContaining({ kind: 'Deployment', name: expect.stringContaining(service) }),
      );
    }
    for (const ref of installed) {
      const object = await stored(ref);
      expect({ kind: object.kind, name: (object.metadata as { name: string }).name }).toEqual({
        kind: ref.kind,
        name: ref.name,
      });
    }
  });

  it('stores the secrets by reference only, with the hardening intact', async () => {
    const gateway = installed.find((o) => o.kind === 'Deployment' && o.name.includes('gateway'))!;
    const deployment = (await stored(gateway)) as {
      spec: {
        template: {
          spec: {
            securityContext: Record<string, unknown>;
            containers: Array<{
              env?: Array<{
                name: string;
                value?: string;
                valueFrom?: { secretKeyRef?: { name: string } };
              }>;
              securityContext: Record<string, unknown>;
            }>;
          };
        };
      };
    };
    const pod = deployment.spec.template.spec;
    expect(pod.securityContext).toMatchObject({ seccompProfile: { type: 'RuntimeDefault' } });
    const [container] = pod.containers;
    expect(container?.securityContext).toMatchObject({
      runAsNonRoot: true,
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
    });
    const jwt = container?.env?.find((e) => e.name === 'JWT_SECRET');
    expect(jwt?.value).toBeUndefined();
    expect(jwt?.valueFrom?.secretKeyRef?.name).toBe('handcheck-auth');
    const internal = container?.env?.find((e) => e.name === 'INTERNAL_GRPC_TOKEN');
    expect(internal?.value).toBeUndefined();
    expect(internal?.valueFrom?.secretKeyRef?.name).toBe('handcheck-internal-grpc');
    // The chart creates no Secret of its own: every secret value stays with the operator.
    expect(installed.filter((o) => o.kind === 'Secret')).toEqual([]);
  });

  it('upgrades with changed values', async () => {
    await helm(
      'upgrade',
      release,
      chart,
      '-n',
      namespace,
      ...values,
      '--set',
      'gateway.autoscaling.maxReplicas=9',
      '--set',
      'image.tag=0.1.1',
      '--wait=false',
    );
    const hpa = installed.find(
      (o) => o.kind === 'HorizontalPodAutoscaler' && o.name.includes('gateway'),
    )!;
    expect(((await stored(hpa)) as { spec: { maxReplicas: number } }).spec.maxReplicas).toBe(9);
    const gateway = installed.find((o) => o.kind === 'Deployment' && o.name.includes('gateway'))!;
    const images = (
      (await stored(gateway)) as {
        spec: { template: { spec: { containers: Array<{ image: string }> } } };
      }
    ).spec.template.spec.containers.map((c) => c.image);
    expect(images.every((image) => image.endsWith(':0.1.1'))).toBe(true);
    const status = JSON.parse(await helm('status', release, '-n', namespace, '-o', 'json')) as {
      version: number;
      info: { status: string };
    };
    expect(status).toMatchObject({ version: 2, info: { status: 'deployed' } });
  });

  it('uninstalls: nothing of the release is left', async () => {
    await helm('uninstall', release, '-n', namespace, '--wait');
    for (const ref of installed) {
      await expect(stored(ref)).rejects.toThrow(/NotFound|not found/);
    }
    expect(await helm('list', '-n', namespace, '-q')).toBe('');
  });
});
