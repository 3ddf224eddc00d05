import type { Deployment } from 'kubernetes-types/apps/v1';
import { ofKind, renderChart } from '../support/helm';

// A terminating pod must keep serving until the Service's endpoints have
// dropped it: without a preStop delay the process closes its port at once and
// the connections kube-proxy still sends there are refused (seen on the
// cluster of make test-deploy, tests/stack/cluster/upgrade.stack-spec.ts).
describe("the chart's graceful shutdown", () => {
  it('gives every service container a preStop sleep shorter than its grace period', () => {
    const deployments = ofKind<Deployment>(renderChart().manifests, 'Deployment');
    expect(deployments).toHaveLength(5);
    for (const deployment of deployments) {
      const pod = deployment.spec.template.spec;
      const [command, seconds] = pod?.containers[0]?.lifecycle?.preStop?.exec?.command ?? [];
      expect({ name: deployment.metadata.name, command }).toEqual({
        name: deployment.metadata.name,
        command: 'sleep',
      });
      expect(Number(seconds)).toBeGreaterThan(0);
      expect(Number(seconds)).toBeLessThan(pod?.terminationGracePeriodSeconds ?? 30);
    }
  });

  it('refuses a delay that would use up the grace period', () => {
    const result = renderChart(['--set', 'shutdownDelaySeconds=30']);
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(
      /shutdownDelaySeconds \(30\) must be under \w+\.terminationGracePeriodSeconds/,
    );
  });
});
