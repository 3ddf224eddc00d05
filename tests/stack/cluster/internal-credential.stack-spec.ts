import { DirectoryService, ReferralService, ReportService } from '@handcheck/contracts';
import { grpcMethodPath } from '@handcheck/server-kit';
import { eventually } from '@handcheck/server-kit/testing';
import { SERVICES } from '@handcheck/service-registry';
import {
  INTERNAL_GRPC_KEY,
  INTERNAL_GRPC_SECRET,
  NAMESPACE,
  RELEASE,
  ensureProduct,
  env,
  kubectl,
  pods,
  secretValue,
} from './cluster';

// The network policies are not the only door: a pod they admit to the gRPC ports (labelled
// as the gateway is) but without the internal credential is answered UNAUTHENTICATED by
// every directory, referral and report pod, ListFailedReferrals and RetryReferral included.
// The same pod with the credential from the release's Secret is served, which shows the
// policies did let it in and the credential alone made the difference.
const probe = 'grpc-credential-probe';

/** What the gRPC call from inside the probe answered: a gRPC status code and its details. */
interface Answer {
  code: number;
  details: string;
}

const UNAUTHENTICATED = 16;
const OK = 0;
const INVALID_ARGUMENT = 3;
/** What a call answers while the firewall has not yet admitted a pod created moments ago. */
const NOT_THROUGH_YET = [4, 14]; // DEADLINE_EXCEEDED, UNAVAILABLE

// Run by the image's Node with the image's own grpc-js: one unary call with an empty request
// (every field at its default), the credential only when stdin names one.
const CALL = `
const grpc = require('@grpc/grpc-js');
let input = '';
process.stdin.on('data', (chunk) => (input += chunk)).on('end', () => {
  const { address, path, token } = JSON.parse(input);
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const metadata = new grpc.Metadata();
  if (token) metadata.set('authorization', 'Bearer ' + token);
  const same = (bytes) => bytes;
  client.makeUnaryRequest(path, same, same, Buffer.alloc(0), metadata,
    { deadline: Date.now() + 5000 }, (error) => {
      console.log(JSON.stringify({ code: error ? error.code : 0, details: error ? error.details : '' }));
      client.close();
    });
});`;

async function callFromProbe(address: string, path: string, token?: string): Promise<Answer> {
  const out = await kubectl(['exec', '-i', '-n', NAMESPACE, probe, '--', 'node', '-e', CALL], {
    input: JSON.stringify({ address, path, token }),
    timeoutMs: 60_000,
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as Answer;
}

/** The call's answer once the firewall has caught up with the probe (a minute at most). */
function answered(address: string, path: string, token?: string): Promise<Answer> {
  return eventually(
    async () => {
      const answer = await callFromProbe(address, path, token);
      return NOT_THROUGH_YET.includes(answer.code) ? undefined : answer;
    },
    60_000,
    2_000,
  );
}

const DOORS = [
  ['directory', grpcMethodPath(DirectoryService.method.listActiveSpecialists)],
  ['referral', grpcMethodPath(ReferralService.method.listFailedReferrals)],
  ['referral', grpcMethodPath(ReferralService.method.retryReferral)],
  ['report', grpcMethodPath(ReportService.method.getDashboard)],
] as const;

let token = '';

beforeAll(async () => {
  await ensureProduct();
  token = await secretValue(NAMESPACE, INTERNAL_GRPC_SECRET, INTERNAL_GRPC_KEY);
  const manifest = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: probe,
      namespace: NAMESPACE,
      // The gateway's labels: what the directory, referral and report policies admit to gRPC.
      labels: {
        'app.kubernetes.io/name': 'handcheck',
        'app.kubernetes.io/instance': RELEASE,
        'app.kubernetes.io/component': 'gateway',
      },
    },
    spec: {
      automountServiceAccountToken: false,
      terminationGracePeriodSeconds: 0,
      // Never Ready, so the gateway's Service never sends visitors to it.
      readinessGates: [{ conditionType: 'handcheck.dev/never' }],
      containers: [
        {
          name: 'probe',
          image: `docker.io/handcheck/gateway:${env.tag}`,
          imagePullPolicy: 'Never',
          command: ['node', '-e', 'setInterval(() => {}, 1 << 30)'],
          securityContext: {
            runAsUser: 1000,
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
    '--for=jsonpath={.status.phase}=Running',
    `pod/${probe}`,
    '-n',
    NAMESPACE,
    '--timeout=120s',
  ]);
}, 900_000);

afterAll(async () => {
  await kubectl(['delete', 'pod', probe, '-n', NAMESPACE, '--timeout=60s']).catch(() => undefined);
});

describe('the internal gRPC credential, behind the network policies', () => {
  it('gets a pod the policies admit but without the credential UNAUTHENTICATED from every gRPC pod', async () => {
    // Every door of every pod at once: each call starts Node in the probe.
    const calls = DOORS.map(async ([component, path]) => {
      const running = await pods(
        NAMESPACE,
        `app.kubernetes.io/instance=${RELEASE},app.kubernetes.io/component=${component}`,
      );
      expect(running.length).toBeGreaterThan(0);
      const port = SERVICES[component].grpcPort;
      return Promise.all(
        running.map(async (pod) => {
          const answer = await answered(`${pod.status.podIP}:${port}`, path);
          return { pod: pod.metadata.name, path, answer };
        }),
      );
    });
    for (const { pod, path, answer } of (await Promise.all(calls)).flat()) {
      expect({ pod, path, code: answer.code }).toEqual({ pod, path, code: UNAUTHENTICATED });
      expect(answer.details).toMatch(/without a credential/);
    }
  }, 600_000);

  it('refuses it on the referral Service too, with a credential that is not the release one', async () => {
    const address = `${RELEASE}-referral:${SERVICES.referral.grpcPort}`;
    const list = grpcMethodPath(ReferralService.method.listFailedReferrals);
    const forged = await answered(address, list, 'f'.repeat(64));
    expect(forged.code).toBe(UNAUTHENTICATED);
    expect(forged.details).toMatch(/wrong credential/);
  }, 180_000);

  it("serves the same pod once it presents the release's credential", async () => {
    const address = `${RELEASE}-referral:${SERVICES.referral.grpcPort}`;
    const list = await answered(
      address,
      grpcMethodPath(ReferralService.method.listFailedReferrals),
      token,
    );
    expect(list).toEqual({ code: OK, details: '' });
    // Past the door: the service itself refuses an empty referral id.
    const retry = await answered(
      address,
      grpcMethodPath(ReferralService.method.retryReferral),
      token,
    );
    expect(retry.code).toBe(INVALID_ARGUMENT);
  }, 180_000);
});
