// The chart rendered by the helm that scripts/check-deploy.sh caches, for the deploy checks
// and specs; objects typed by the Kubernetes API's own types (kubernetes-types).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ObjectMeta } from 'kubernetes-types/meta/v1';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '@handcheck/server-kit/testing';

export const CHART_DIR = join(REPO_ROOT, 'charts/handcheck');
export const CI_VALUES = join(CHART_DIR, 'ci/values-ci.yaml');

/** Where scripts/check-deploy.sh keeps helm; asking never installs it. */
export function requireHelm(): string {
  const helm = execFileSync('bash', [join(REPO_ROOT, 'scripts/check-deploy.sh'), 'helm-path'], {
    encoding: 'utf8',
  }).trim();
  if (!existsSync(helm)) {
    throw new Error(
      `helm is not installed at ${helm}. Run \`bash scripts/check-deploy.sh\` once: ` +
        'it builds helm from the Go module proxy (about 5 minutes cold) and caches it.',
    );
  }
  return helm;
}

/** Any rendered object; `ofKind` gives the Kubernetes API's type of one kind. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta & { name: string };
  spec?: unknown;
}

/** `helm template` of the chart; the CI values unless `withCiValues` is false. */
export function renderChart(extraArgs: string[] = [], withCiValues = true) {
  const args = ['template', 'handcheck', CHART_DIR, '--namespace', 'handcheck'];
  if (withCiValues) args.push('-f', CI_VALUES);
  const run = spawnSync(requireHelm(), [...args, ...extraArgs], { encoding: 'utf8' });
  const ok = run.status === 0;
  const manifests = ok ? parseManifests(run.stdout) : [];
  return { ok, stdout: run.stdout, stderr: run.stderr, manifests };
}

export function parseManifests(text: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((doc) => doc.toJS() as K8sObject | null)
    .filter((doc): doc is K8sObject => doc !== null && typeof doc === 'object');
}

/** The objects of one kind, as `ofKind<Deployment>(manifests, 'Deployment')`; each has its spec. */
export function ofKind<T extends { kind?: string; spec?: unknown }>(
  manifests: K8sObject[],
  kind: T['kind'],
) {
  type Rendered = T & K8sObject & { spec: NonNullable<T['spec']> };
  return manifests.filter((m) => m.kind === kind) as unknown as Rendered[];
}

export function componentOf(object: { metadata?: ObjectMeta }): string {
  return object.metadata?.labels?.['app.kubernetes.io/component'] ?? '';
}
