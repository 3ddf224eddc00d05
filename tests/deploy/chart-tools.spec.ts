import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { REPO_ROOT } from '@handcheck/server-kit/testing';
import { type K8sObject, renderChart } from '../support/helm';

// scripts/check-deploy.sh leaves schema and best-practice rules to kubectl-validate
// and kube-score. These tests show both tools refuse what they are trusted with,
// on the chart's own render with one thing broken.
const tools = Object.fromEntries(
  execFileSync('bash', [join(REPO_ROOT, 'deploy/stack/tools.sh'), 'paths'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
) as Record<string, string>;

let dir: string;
beforeAll(() => {
  for (const tool of ['KUBECTL_VALIDATE', 'KUBE_SCORE']) {
    if (!existsSync(tools[tool] ?? '')) {
      throw new Error(`${tool} is not installed: run \`bash deploy/stack/tools.sh linters\` once`);
    }
  }
  dir = mkdtempSync(join(tmpdir(), 'chart-tools-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, manifests: K8sObject[]): string {
  const file = join(dir, name);
  writeFileSync(file, manifests.map((m) => `---\n${stringify(m)}`).join(''));
  return file;
}

function gatewayDeployment(manifests: K8sObject[]) {
  const found = manifests.find(
    (m) => m.kind === 'Deployment' && m.metadata.name.endsWith('gateway'),
  );
  if (!found) throw new Error('no gateway Deployment rendered');
  return found as K8sObject & {
    spec: Record<string, unknown> & {
      template: { spec: { containers: Array<Record<string, unknown>> } };
    };
  };
}

const validate = (file: string, version: string) =>
  spawnSync(tools.KUBECTL_VALIDATE!, ['--version', version, file], { encoding: 'utf8' });
const score = (file: string) =>
  spawnSync(
    tools.KUBE_SCORE!,
    [
      'score',
      file,
      '--output-format',
      'ci',
      '--exit-one-on-warning',
      '--ignore-container-cpu-limit',
      '--ignore-test',
      'container-image-pull-policy',
      '--enable-optional-test',
      'container-seccomp-profile',
    ],
    { encoding: 'utf8' },
  );

describe('the tools check-deploy.sh trusts', () => {
  it('kubectl-validate accepts the chart and refuses a field of the wrong type', () => {
    const { manifests } = renderChart();
    expect(validate(write('good.yaml', manifests), '1.30').status).toBe(0);
    const gateway = gatewayDeployment(manifests);
    gateway.spec.replicas = 'two';
    const broken = validate(write('bad.yaml', manifests), '1.30');
    expect(broken.status).not.toBe(0);
    expect(broken.stdout + broken.stderr).toMatch(/replicas/);
  });

  it('kube-score accepts the chart (no warning either) and refuses a container without resources or a read-only root', () => {
    const { manifests } = renderChart();
    expect(score(write('good.yaml', manifests)).status).toBe(0);
    const [container] = gatewayDeployment(manifests).spec.template.spec.containers;
    delete container!.resources;
    (container!.securityContext as Record<string, unknown>).readOnlyRootFilesystem = false;
    const broken = score(write('bad.yaml', manifests));
    expect(broken.status).not.toBe(0);
    expect(broken.stdout).toMatch(/\[CRITICAL\].*gateway.*(CPU request|Memory limit)/);
    expect(broken.stdout).toMatch(/\[CRITICAL\].*gateway.*writable root filesystem/);
  });
});
