import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Deployment } from 'kubernetes-types/apps/v1';
import type { ConfigMap, Container } from 'kubernetes-types/core/v1';
import { REPO_ROOT } from '@handcheck/server-kit/testing';
import { type K8sObject, ofKind, parseManifests, requireHelm } from '../support/helm';
import { ACCOUNTS_FILE, accountsOfFile } from '../support/clickhouse-accounts';

// The engines chart of `make test-deploy` (deploy/stack/test-engines), rendered by
// the real helm: its ClickHouse gets the product's accounts from the accounts file
// (a setting, --set-file) and every password from the engines' Secret.

const CHART = join(REPO_ROOT, 'deploy/stack/test-engines');
const IMAGES = ['kafka', 'clickhouse', 'mongo', 'mailpit'].flatMap((name) => [
  '--set',
  `images.${name}=docker.io/local/${name}:test`,
]);

function render(extra: string[]) {
  const run = spawnSync(
    requireHelm(),
    ['template', 'engines', CHART, '--namespace', 'handcheck-data', ...IMAGES, ...extra],
    { encoding: 'utf8' },
  );
  return {
    ok: run.status === 0,
    stderr: run.stderr,
    manifests: run.status === 0 ? parseManifests(run.stdout) : [],
  };
}

const withAccounts = () => render(['--set-file', `clickhouse.accountsXml=${ACCOUNTS_FILE}`]);

function clickhouse(manifests: K8sObject[]): { pod: Deployment; container: Container } {
  const pod = ofKind<Deployment>(manifests, 'Deployment').find(
    (d) => d.metadata.name === 'clickhouse',
  );
  const container = pod?.spec.template.spec?.containers.find((c) => c.name === 'clickhouse');
  if (!pod || !container) throw new Error('no clickhouse Deployment');
  return { pod, container };
}

describe('deploy/stack/test-engines, ClickHouse', () => {
  it('mounts the accounts file, as given, into users.d', () => {
    const { ok, manifests } = withAccounts();
    expect(ok).toBe(true);
    const config = (manifests as unknown as ConfigMap[]).find(
      (m) => m.kind === 'ConfigMap' && m.metadata?.name === 'clickhouse-accounts',
    );
    expect(config?.data?.['handcheck.xml']).toBe(readFileSync(ACCOUNTS_FILE, 'utf8'));
    const { pod, container } = clickhouse(manifests);
    expect(container.volumeMounts).toEqual([
      {
        name: 'accounts',
        mountPath: '/etc/clickhouse-server/users.d/handcheck.xml',
        subPath: 'handcheck.xml',
        readOnly: true,
      },
    ]);
    expect(pod.spec?.template.spec?.volumes).toEqual([
      { name: 'accounts', configMap: { name: 'clickhouse-accounts' } },
    ]);
  });

  it('gives ClickHouse every password the accounts file reads, and `default` its own, from the Secret only', () => {
    const { container } = clickhouse(withAccounts().manifests);
    const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e]));
    expect(env.CLICKHOUSE_USER?.value).toBe('default');
    expect(env.CLICKHOUSE_PASSWORD?.valueFrom?.secretKeyRef).toEqual({
      name: 'engines',
      key: 'clickhouse-default-password',
    });
    const accounts = accountsOfFile();
    expect(accounts.map((a) => a.user)).toEqual(['ingestion', 'report', 'analyst']);
    for (const { user, passwordFrom } of accounts) {
      expect([user, env[passwordFrom]?.value, env[passwordFrom]?.valueFrom?.secretKeyRef]).toEqual([
        user,
        undefined,
        { name: 'engines', key: `clickhouse-${user}-password` },
      ]);
    }
    // Another Secret and other keys, from the settings.
    const renamed = clickhouse(
      render([
        '--set-file',
        `clickhouse.accountsXml=${ACCOUNTS_FILE}`,
        '--set',
        'existingSecret=other',
        '--set',
        'clickhouse.passwordKeys.CLICKHOUSE_ANALYST_PASSWORD=analyst',
      ]).manifests,
    ).container;
    expect(
      renamed.env?.find((e) => e.name === 'CLICKHOUSE_ANALYST_PASSWORD')?.valueFrom?.secretKeyRef,
    ).toEqual({ name: 'other', key: 'analyst' });
  });

  it('refuses to render without the accounts file', () => {
    const result = render([]);
    expect(result.ok).toBe(false);
    expect(result.stderr).toContain('clickhouse.accountsXml is required');
  });
});
