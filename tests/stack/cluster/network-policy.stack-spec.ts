import { eventually } from '@handcheck/server-kit/testing';
import { SERVICES } from '@handcheck/service-registry';
import {
  ENGINES_NAMESPACE,
  NAMESPACE,
  RELEASE,
  componentOf,
  ensureProduct,
  gatewayUrl,
  kubectl,
  kubectlJson,
  pods,
  reachableFrom,
  sleeper,
  SERVICE_PODS,
} from './cluster';

// The NetworkPolicies of the chart and of the test engines, enforced by
// kube-router's firewall: a pod without the release's labels reaches none of
// the engines, gRPC or metrics ports; the product's own paths all work; and
// taking one needed rule away breaks the product.
const probe = 'unlabelled-probe';
const engines = [
  ['kafka', 9092],
  ['clickhouse', 8123],
  ['mongo', 27017],
] as const;

let gateway = '';

/**
 * Whether the probe still reaches `host:port` once the firewall has caught up: a pod
 * (re)created moments ago may be open until kube-router has synced it, so a reachable
 * port is tried again for up to a minute before it counts.
 */
async function stillReachable(host: string, port: number): Promise<boolean> {
  const closed = await eventually(
    async () => ((await reachableFrom(NAMESPACE, probe, host, port)) ? undefined : true),
    60_000,
    2_000,
  ).catch(() => false);
  return !closed;
}

beforeAll(async () => {
  await ensureProduct();
  gateway = await gatewayUrl();
  await sleeper(NAMESPACE, probe, { role: 'probe' });
}, 900_000);

afterAll(async () => {
  await kubectl(['delete', 'pod', probe, '-n', NAMESPACE, '--wait=false']).catch(() => undefined);
});

describe('the network policies, enforced', () => {
  it('keep a pod without the release labels off the engines', async () => {
    for (const [name, port] of engines) {
      const host = `${name}.${ENGINES_NAMESPACE}.svc.cluster.local`;
      expect({ name, reachable: await stillReachable(host, port) }).toEqual({
        name,
        reachable: false,
      });
    }
  }, 120_000);

  it('keep it off every gRPC and metrics port, and let it reach the public site', async () => {
    const running = await pods(NAMESPACE, SERVICE_PODS);
    for (const pod of running) {
      const service = SERVICES[componentOf(pod) as keyof typeof SERVICES];
      const ports = [service.metricsPort, ...(service.grpcPort ? [service.grpcPort] : [])];
      for (const port of ports) {
        const reachable = await stillReachable(pod.status.podIP ?? '', port);
        expect({ pod: pod.metadata.name, port, reachable }).toEqual({
          pod: pod.metadata.name,
          port,
          reachable: false,
        });
      }
    }
    // The control: the probe can open connections at all (the gateway's HTTP port is public).
    expect(await reachableFrom(NAMESPACE, probe, `${RELEASE}-gateway`, 8080)).toBe(true);
  }, 300_000);

  it("break the product when the directory's rule for the gateway's gRPC calls is taken away", async () => {
    const policyName = `${RELEASE}-directory`;
    const policy = await kubectlJson<{
      spec: { ingress: Array<{ ports: Array<{ port: number }> }> };
    }>(['get', 'networkpolicy', policyName, '-n', NAMESPACE]);
    const grpcRule = policy.spec.ingress.findIndex((r) =>
      r.ports.some((p) => p.port === SERVICES.directory.grpcPort),
    );
    expect(grpcRule).toBeGreaterThanOrEqual(0);
    const specialists = async () =>
      (
        await fetch(`${gateway}/api/specialists`, { signal: AbortSignal.timeout(20_000) }).catch(
          () => undefined,
        )
      )?.status ?? 0;
    expect(await specialists()).toBe(200);
    await kubectl([
      'patch',
      'networkpolicy',
      policyName,
      '-n',
      NAMESPACE,
      '--type',
      'json',
      '-p',
      JSON.stringify([{ op: 'remove', path: `/spec/ingress/${grpcRule}` }]),
    ]);
    // The firewall keeps established connections: new gateway pods must open their own.
    const restartGateway = async () => {
      await kubectl(['rollout', 'restart', `deployment/${RELEASE}-gateway`, '-n', NAMESPACE]);
      await kubectl([
        'rollout',
        'status',
        `deployment/${RELEASE}-gateway`,
        '-n',
        NAMESPACE,
        '--timeout=300s',
      ]);
    };
    try {
      await restartGateway();
      const failed = await eventually(
        async () => {
          const status = await specialists();
          return status !== 200 ? status : undefined;
        },
        90_000,
        1_000,
      );
      expect(failed).not.toBe(200);
    } finally {
      await kubectl(['apply', '-f', '-'], {
        input: JSON.stringify({
          apiVersion: 'networking.k8s.io/v1',
          kind: 'NetworkPolicy',
          metadata: { name: policyName, namespace: NAMESPACE },
          spec: policy.spec,
        }),
      });
      await restartGateway();
    }
    const restored = await eventually(
      async () => ((await specialists()) === 200 ? true : undefined),
      90_000,
      1_000,
    );
    expect(restored).toBe(true);
  }, 900_000);
});
