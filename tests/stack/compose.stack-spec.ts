import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT, eventually } from '@handcheck/server-kit/testing';
import { SERVICES } from '@handcheck/service-registry';
import { pageView, postEvents } from '../support/events';
import { postReferral, referralBody } from '../support/referrals';
import { dockerProcessEnv, stackEnv } from './stack-env';

// docker-compose.yml, run whole: the engines (local stand-ins of the official
// images) and the five services, with the host-network override the test
// engine needs (deploy/stack/compose.host-network.yml). It uses the ports
// docker-compose.yml publishes, the ones `make start` uses too.
const env = stackEnv();
const project = 'handcheck-stack-test';
const envFile = join(REPO_ROOT, 'var/deploy/compose.env');
const secrets = {
  CLICKHOUSE_DEFAULT_PASSWORD: randomBytes(12).toString('hex'),
  CLICKHOUSE_INGESTION_PASSWORD: randomBytes(12).toString('hex'),
  CLICKHOUSE_REPORT_PASSWORD: randomBytes(12).toString('hex'),
  CLICKHOUSE_ANALYST_PASSWORD: randomBytes(12).toString('hex'),
  MONGO_PASSWORD: randomBytes(12).toString('hex'),
  JWT_SECRET: randomBytes(32).toString('hex'),
  INTERNAL_GRPC_TOKEN: randomBytes(32).toString('hex'),
};
const inbox = `referrals-${randomUUID().slice(0, 8)}@handcheck.test`;
const gatewayUrl = 'http://127.0.0.1:8080';

/** docker-compose with this test's project, files and env file; `input` goes to its stdin. */
const composeWithInput = (input: string | undefined, ...args: string[]) =>
  new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    const child = execFile(
      env.compose,
      [
        '-p',
        project,
        '-f',
        'docker-compose.yml',
        '-f',
        'deploy/stack/compose.host-network.yml',
        '--env-file',
        envFile,
        ...args,
      ],
      { cwd: REPO_ROOT, env: dockerProcessEnv(env), maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(Object.assign(error, { stdout, stderr })) : resolve({ stdout, stderr }),
    );
    child.stdin?.end(input ?? '');
  });
const compose = (...args: string[]) => composeWithInput(undefined, ...args);

const PORTS = [
  ...Object.values(SERVICES).flatMap((s) => [s.httpPort, s.metricsPort, s.grpcPort ?? s.httpPort]),
  9092,
  9093,
  8123,
  9000,
  27017,
  1025,
  8025,
];

function inUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** One statement to the compose ClickHouse as `user`: its status and text. */
async function asUser(user: 'report' | 'analyst', query: string) {
  const url = new URL('http://127.0.0.1:8123/');
  url.searchParams.set('database', 'handcheck');
  const password =
    user === 'report' ? secrets.CLICKHOUSE_REPORT_PASSWORD : secrets.CLICKHOUSE_ANALYST_PASSWORD;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'X-ClickHouse-User': user, 'X-ClickHouse-Key': password },
    body: query,
  });
  return { status: res.status, text: (await res.text()).trim() };
}

/** A read, as the report's account (it only reads). */
async function clickhouse(query: string): Promise<string> {
  const { status, text } = await asUser('report', query);
  if (status !== 200) throw new Error(`ClickHouse answered ${status}: ${text}`);
  return text;
}

let upSeconds = 0;

beforeAll(async () => {
  const busy = [];
  for (const port of new Set(PORTS)) if (await inUse(port)) busy.push(port);
  if (busy.length > 0) {
    throw new Error(
      `ports ${busy.join(', ')} are in use; the compose test needs the ports docker-compose.yml uses (stop \`make start\` first)`,
    );
  }
  mkdirSync(join(REPO_ROOT, 'var/deploy'), { recursive: true });
  const lines = {
    ...secrets,
    ...env.images,
    HANDCHECK_TAG: env.tag,
    REFERRAL_INBOX: inbox,
    REPORT_RECIPIENTS: 'analytics@handcheck.test',
  };
  writeFileSync(
    envFile,
    Object.entries(lines)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n') + '\n',
    {
      mode: 0o600,
    },
  );
  const begun = Date.now();
  await compose('up', '--detach', '--no-build', '--wait', '--wait-timeout', '300');
  upSeconds = (Date.now() - begun) / 1000;
  console.log(`docker-compose up to all healthy: ${upSeconds.toFixed(1)} s`);
}, 420_000);

afterAll(async () => {
  await compose('down', '--volumes', '--timeout', '30').catch((error: unknown) => {
    console.error('compose down failed', error);
  });
}, 120_000);

describe('docker-compose.yml, run', () => {
  it('brings every service and engine to healthy', async () => {
    const { stdout } = await compose('ps', '--all', '--format', 'json');
    const containers = stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { Service: string; State: string; Health: string });
    expect(containers.map((c) => c.Service).sort()).toEqual([
      'clickhouse',
      'directory',
      'gateway',
      'ingestion',
      'kafka',
      'mailpit',
      'mongo',
      'referral',
      'report',
    ]);
    for (const c of containers)
      expect({ service: c.Service, state: c.State, health: c.Health }).toEqual({
        service: c.Service,
        state: 'running',
        health: 'healthy',
      });
    expect(upSeconds).toBeGreaterThan(0);
  });

  it('takes a page view into ClickHouse', async () => {
    const event = pageView(randomUUID(), '/faq');
    expect((await postEvents(gatewayUrl, [event])).status).toBe(202);
    const path = await eventually(
      async () => {
        const found = await clickhouse(
          `SELECT page_path FROM analytics_events FINAL WHERE event_id = '${event.id}'`,
        );
        return found || undefined;
      },
      90_000,
      500,
    );
    expect(path).toBe('/faq');
  });

  it('lets the analyst read, and refuses the analyst a DROP', async () => {
    const read = await asUser('analyst', 'SELECT count() FROM analytics_events');
    expect(read.status).toBe(200);
    const drop = await asUser('analyst', 'DROP TABLE analytics_events');
    expect(drop.status).not.toBe(200);
    expect(drop.text).toMatch(/Code: 164\b.*readonly/);
    expect(await clickhouse('EXISTS TABLE analytics_events')).toBe('1');
  });

  it("loads specialists with the directory image's import command, and the gateway lists them", async () => {
    const { stdout } = await compose(
      'exec',
      '-T',
      'directory',
      'node',
      'dist/import/import-cli.js',
      'data/sample-specialists.json',
    );
    expect(stdout).toMatch(/\d+/);
    const listed = await eventually(
      async () => {
        const res = await fetch(`${gatewayUrl}/api/specialists`);
        if (res.status !== 200) return undefined;
        const { specialists } = (await res.json()) as { specialists: unknown[] };
        return specialists.length > 0 ? specialists : undefined;
      },
      60_000,
      1_000,
    );
    expect(listed.length).toBeGreaterThan(0);
  });

  it("creates an admin with the gateway image's command (password on stdin), who can sign in", async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@handcheck.test`;
    const password = randomBytes(16).toString('base64url');
    await composeWithInput(
      `${password}\n`,
      'exec',
      '-T',
      'gateway',
      'node',
      'dist/auth/cli/create-admin.js',
      '--email',
      email,
    );
    const res = await fetch(`${gatewayUrl}/api/auth/login`, {
      method: 'POST',
      // The header a cross-site form cannot send: the gateway's CSRF guard for auth routes.
      headers: { 'content-type': 'application/json', 'x-handcheck-auth': '1' },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { accessToken?: string }).accessToken).toEqual(
      expect.any(String),
    );
  });

  it('sends a referral to the inbox and a confirmation to the patient, through Mailpit', async () => {
    const body = referralBody();
    const accepted = await eventually(
      async () => {
        const res = await postReferral(gatewayUrl, body);
        return res.status === 202 ? res : undefined;
      },
      60_000,
      500,
    );
    expect(accepted.body.success).toBe(true);
    for (const address of [inbox, body.patient_email as string]) {
      const found = await eventually(
        async () => {
          const res = await fetch(
            `http://127.0.0.1:8025/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`,
          );
          const { messages } = (await res.json()) as { messages: Array<{ Subject: string }> };
          return messages.length > 0 ? messages : undefined;
        },
        60_000,
        500,
      );
      expect(found).toHaveLength(1);
    }
  });
});
