import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { REPO_ROOT } from '@handcheck/server-kit/testing';
import { stackEnv } from '../stack-env';

// The single-node cluster of deploy/stack/cluster.sh, as the specs of this
// folder see it: they run inside its network namespace (scripts/test-deploy.sh),
// so Service and pod addresses answer directly. The engines (deploy/stack/test-engines)
// and the product (charts/handcheck with deploy/stack/values-cluster.yaml) are
// installed once by whichever spec needs them first and shared by the others.
export const env = stackEnv();
export const NAMESPACE = 'handcheck';
export const RELEASE = 'handcheck';
export const ENGINES_NAMESPACE = 'handcheck-data';
export const MONITORING_NAMESPACE = 'handcheck-monitoring';
export const CHART = join(REPO_ROOT, 'charts/handcheck');
export const VALUES = join(REPO_ROOT, 'deploy/stack/values-cluster.yaml');
/** The stand-in busybox (nc, sh) the throwaway pods run. */
export const BUSYBOX = `docker.io/${env.images.BUSYBOX_IMAGE}`;
export const INBOX = 'referrals@handcheck.test';
/** The Secret and key of the credential every internal gRPC call carries (the values' internalGrpc). */
export const INTERNAL_GRPC_SECRET = 'handcheck-internal-grpc';
export const INTERNAL_GRPC_KEY = 'internal-grpc-token';
/** The services' pods (not the helm test pod, which has no component). */
export const SERVICE_PODS = `app.kubernetes.io/instance=${RELEASE},app.kubernetes.io/component`;

interface Run {
  input?: string;
  timeoutMs?: number;
}

function run(file: string, args: string[], { input, timeoutMs = 600_000 }: Run = {}) {
  return new Promise<string>((resolve, reject) => {
    const child = execFile(
      file,
      args,
      {
        maxBuffer: 64 * 1024 * 1024,
        timeout: timeoutMs,
        env: {
          ...process.env,
          KUBECONFIG: env.kubeconfig,
          HELM_CACHE_HOME: join(REPO_ROOT, 'var/deploy/helm-cache'),
          HELM_CONFIG_HOME: join(REPO_ROOT, 'var/deploy/helm-config'),
          HELM_DATA_HOME: join(REPO_ROOT, 'var/deploy/helm-data'),
        },
      },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${file} ${args.join(' ')}: ${error.message}\n${stderr}`))
          : resolve(stdout),
    );
    child.stdin?.end(input ?? '');
  });
}

export const kubectl = (args: string[], options?: Run) => run(env.kubectl, args, options);
export const helm = (args: string[], options?: Run) => run(env.helm, args, options);

export async function kubectlJson<T>(args: string[]): Promise<T> {
  return JSON.parse(await kubectl([...args, '-o', 'json'])) as T;
}

async function exists(args: string[]): Promise<boolean> {
  return kubectl(['get', ...args]).then(
    () => true,
    () => false,
  );
}

export async function ensureNamespace(name: string): Promise<void> {
  if (!(await exists(['namespace', name]))) await kubectl(['create', 'namespace', name]);
}

/** The value of one key of a Secret. */
export async function secretValue(namespace: string, name: string, key: string): Promise<string> {
  const secret = await kubectlJson<{ data: Record<string, string> }>([
    'get',
    'secret',
    name,
    '-n',
    namespace,
  ]);
  return Buffer.from(secret.data[key] ?? '', 'base64').toString('utf8');
}

async function createSecret(namespace: string, name: string, pairs: Record<string, string>) {
  if (await exists(['secret', name, '-n', namespace])) return;
  await kubectl([
    'create',
    'secret',
    'generic',
    name,
    '-n',
    namespace,
    ...Object.entries(pairs).map(([k, v]) => `--from-literal=${k}=${v}`),
  ]);
}

const installed = (release: string, namespace: string) =>
  helm(['status', release, '-n', namespace]).then(
    () => true,
    () => false,
  );

/** The ClickHouse accounts the engines' ClickHouse has (deploy/clickhouse/users.d/handcheck.xml), and `default`. */
export type ClickHouseAccount = 'default' | 'ingestion' | 'report' | 'analyst';

/** The key of the engines' Secret holding an account's password (deploy/stack/test-engines/values.yaml). */
export const clickhousePasswordKey = (account: ClickHouseAccount) =>
  `clickhouse-${account}-password`;

/** The engines chart, installed and Ready; the passwords live in its Secret only. */
async function ensureEngines(): Promise<void> {
  await ensureNamespace(ENGINES_NAMESPACE);
  const accounts: ClickHouseAccount[] = ['default', 'ingestion', 'report', 'analyst'];
  await createSecret(ENGINES_NAMESPACE, 'engines', {
    ...Object.fromEntries(
      accounts.map((account) => [clickhousePasswordKey(account), randomBytes(12).toString('hex')]),
    ),
    'mongo-password': randomBytes(12).toString('hex'),
  });
  if (await installed('engines', ENGINES_NAMESPACE)) return;
  await helm([
    'install',
    'engines',
    join(REPO_ROOT, 'deploy/stack/test-engines'),
    '-n',
    ENGINES_NAMESPACE,
    '--set',
    `images.kafka=docker.io/${env.images.KAFKA_IMAGE}`,
    '--set',
    `images.clickhouse=docker.io/${env.images.CLICKHOUSE_IMAGE}`,
    '--set',
    `images.mongo=docker.io/${env.images.MONGO_IMAGE}`,
    '--set',
    `images.mailpit=docker.io/${env.images.MAILPIT_IMAGE}`,
    // The product's ClickHouse accounts, as an operator puts them in users.d/.
    '--set-file',
    `clickhouse.accountsXml=${join(REPO_ROOT, 'deploy/clickhouse/users.d/handcheck.xml')}`,
    '--wait',
    '--timeout',
    '5m',
  ]);
}

/** The product's Secrets, created as an operator would, from the engines' passwords. */
async function productSecrets(): Promise<void> {
  const password = (account: ClickHouseAccount) =>
    secretValue(ENGINES_NAMESPACE, 'engines', clickhousePasswordKey(account));
  const mongo = await secretValue(ENGINES_NAMESPACE, 'engines', 'mongo-password');
  // Only the two accounts the product signs in with (the chart's clickhouse.*.passwordKey).
  await createSecret(NAMESPACE, 'handcheck-clickhouse', {
    'ingestion-password': await password('ingestion'),
    'report-password': await password('report'),
  });
  await createSecret(NAMESPACE, 'handcheck-mongodb', {
    'mongodb-url': `mongodb://handcheck:${mongo}@mongo.${ENGINES_NAMESPACE}.svc.cluster.local:27017/handcheck?authSource=admin`,
  });
  await createSecret(NAMESPACE, 'handcheck-smtp', {
    'smtp-user': 'handcheck',
    'smtp-password': randomBytes(12).toString('hex'),
  });
  await createSecret(NAMESPACE, 'handcheck-auth', {
    'jwt-secret': randomBytes(32).toString('hex'),
  });
  await createSecret(NAMESPACE, INTERNAL_GRPC_SECRET, {
    [INTERNAL_GRPC_KEY]: randomBytes(32).toString('hex'),
  });
}

export const productValues = (...extra: string[]) => [
  '-f',
  VALUES,
  '--set',
  `image.tag=${env.tag}`,
  ...extra,
];

/**
 * The engines and the product, installed as ops would (`helm install --wait`);
 * the seconds the product's install took, or undefined when it was already there.
 */
export async function ensureProduct(): Promise<number | undefined> {
  await ensureEngines();
  await ensureNamespace(NAMESPACE);
  await productSecrets();
  if (await installed(RELEASE, NAMESPACE)) return undefined;
  const begun = Date.now();
  await helm([
    'install',
    RELEASE,
    CHART,
    '-n',
    NAMESPACE,
    ...productValues(),
    '--wait',
    '--timeout',
    '5m',
  ]);
  return (Date.now() - begun) / 1000;
}

interface Pod {
  metadata: { name: string; labels?: Record<string, string>; deletionTimestamp?: string };
  status: {
    podIP?: string;
    phase: string;
    conditions?: Array<{ type: string; status: string }>;
  };
}

/** The pods of a namespace, without those already terminating. */
export async function pods(namespace: string, selector?: string): Promise<Pod[]> {
  const args = ['get', 'pods', '-n', namespace];
  if (selector) args.push('-l', selector);
  const { items } = await kubectlJson<{ items: Pod[] }>(args);
  return items.filter((pod) => !pod.metadata.deletionTimestamp);
}

export const isReady = (pod: Pod) =>
  pod.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

export const componentOf = (pod: Pod) => pod.metadata.labels?.['app.kubernetes.io/component'] ?? '';

export async function serviceUrl(namespace: string, name: string, port: number): Promise<string> {
  const ip = await kubectl([
    'get',
    'service',
    name,
    '-n',
    namespace,
    '-o',
    'jsonpath={.spec.clusterIP}',
  ]);
  return `http://${ip}:${port}`;
}

export const gatewayUrl = () => serviceUrl(NAMESPACE, `${RELEASE}-gateway`, 8080);

/** A read of the engines' ClickHouse as the report's account (it only reads); the answer's text. */
export async function clickhouse(query: string): Promise<string> {
  const url = new URL(await serviceUrl(ENGINES_NAMESPACE, 'clickhouse', 8123));
  url.searchParams.set('database', 'handcheck');
  url.searchParams.set('query', query);
  const password = await secretValue(ENGINES_NAMESPACE, 'engines', clickhousePasswordKey('report'));
  const res = await fetch(url, {
    headers: { 'X-ClickHouse-User': 'report', 'X-ClickHouse-Key': password },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`ClickHouse answered ${res.status}: ${text}`);
  return text.trim();
}

/** The Mailpit messages addressed to `address`. */
export async function mailsTo(address: string): Promise<Array<{ Subject: string }>> {
  const base = await serviceUrl(ENGINES_NAMESPACE, 'mailpit', 8025);
  const res = await fetch(
    `${base}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}&limit=1000`,
  );
  const { messages } = (await res.json()) as { messages: Array<{ Subject: string }> };
  return messages;
}

/**
 * A pod that sleeps, for reaching the product from a given place: its labels
 * decide what the network policies let it reach. Ready when this resolves.
 */
export async function sleeper(
  namespace: string,
  name: string,
  labels: Record<string, string> = {},
): Promise<void> {
  const manifest = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels },
    spec: {
      automountServiceAccountToken: false,
      terminationGracePeriodSeconds: 0,
      containers: [
        {
          name: 'sleep',
          image: BUSYBOX,
          imagePullPolicy: 'Never',
          command: ['sleep', 'infinity'],
          securityContext: {
            runAsUser: 10002,
            runAsNonRoot: true,
            allowPrivilegeEscalation: false,
            capabilities: { drop: ['ALL'] },
          },
        },
      ],
    },
  };
  await kubectl(['apply', '-f', '-'], { input: JSON.stringify(manifest) });
  await kubectl([
    'wait',
    '--for=condition=Ready',
    `pod/${name}`,
    '-n',
    namespace,
    '--timeout=120s',
  ]);
}

/** True when `host:port` accepts a TCP connection from inside the pod within 3 s. */
export async function reachableFrom(
  namespace: string,
  pod: string,
  host: string,
  port: number,
): Promise<boolean> {
  return kubectl(['exec', '-n', namespace, pod, '--', 'nc', '-z', '-w', '3', host, String(port)], {
    timeoutMs: 30_000,
  }).then(
    () => true,
    () => false,
  );
}

/** An HTTP GET sent with nc from inside the pod: the raw answer, or '' when refused. */
export async function httpGetFrom(
  namespace: string,
  pod: string,
  host: string,
  port: number,
  path: string,
): Promise<string> {
  const request = `GET ${path} HTTP/1.0\r\nHost: ${host}\r\n\r\n`;
  return kubectl(['exec', '-i', '-n', namespace, pod, '--', 'nc', '-w', '5', host, String(port)], {
    input: request,
    timeoutMs: 30_000,
  }).catch(() => '');
}
