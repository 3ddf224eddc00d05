import { randomBytes, randomUUID } from 'node:crypto';
import {
  GenericContainer,
  type StartedTestContainer,
  Wait,
  getContainerRuntimeClient,
} from 'testcontainers';
import { SERVICES, SERVICE_NAMES, type ServiceName } from '@handcheck/service-registry';
import { eventually, testInfra } from '@handcheck/server-kit/testing';
import { pageView, postEvents } from '../support/events';
import { postReferral, referralBody, waitForMails } from '../support/referrals';
import { rows, testClickHouse } from '../support/clickhouse';
import { stackEnv } from './stack-env';

// The five images, each started by testcontainers as a container on the host
// network (the test engine has no bridge), against the native engines that
// scripts/test-deploy.sh started on ports of their own. The containers' ports
// are the registry's plus this offset, so nothing collides with `make start`
// or `make test`.
const PORT_OFFSET = 20_000;
const GRACE_SECONDS = 30;

const env = stackEnv();
const infra = testInfra();
const port = (service: ServiceName, kind: 'httpPort' | 'metricsPort' | 'grpcPort' = 'httpPort') =>
  Number(SERVICES[service][kind]) + PORT_OFFSET;
const gatewayUrl = `http://127.0.0.1:${port('gateway')}`;
const inbox = `referrals-${randomUUID().slice(0, 8)}@handcheck.test`;
/** The one credential the gateway presents and the directory, referral and report check. */
const internalGrpcToken = randomBytes(32).toString('hex');

function serviceEnv(service: ServiceName): Record<string, string> {
  const common = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    PORT: String(port(service)),
    KAFKA_BROKERS: infra.kafkaBrokers,
    CLICKHOUSE_URL: infra.clickhouseUrl,
    MONGO_URL: infra.mongoUrl,
    SMTP_HOST: infra.smtpHost,
    SMTP_PORT: String(infra.smtpPort),
  };
  const grpc = { ...common, INTERNAL_GRPC_TOKEN: internalGrpcToken };
  switch (service) {
    case 'gateway':
      return {
        ...grpc,
        METRICS_PORT: String(port('gateway', 'metricsPort')),
        JWT_SECRET: randomBytes(32).toString('hex'),
        DIRECTORY_GRPC_URL: `127.0.0.1:${port('directory', 'grpcPort')}`,
        REPORT_GRPC_URL: `127.0.0.1:${port('report', 'grpcPort')}`,
      };
    case 'directory':
    case 'report':
      return {
        ...grpc,
        GRPC_PORT: String(port(service, 'grpcPort')),
        ...(service === 'report' ? { REPORT_RECIPIENTS: 'analytics@handcheck.test' } : {}),
      };
    case 'referral':
      return { ...grpc, REFERRAL_INBOX: inbox };
    default:
      return common;
  }
}

const started = new Map<ServiceName, StartedTestContainer>();

async function exitOf(container: StartedTestContainer, graceSeconds: number) {
  const begun = Date.now();
  await container.stop({ timeout: graceSeconds * 1000, remove: false });
  const seconds = (Date.now() - begun) / 1000;
  const client = await getContainerRuntimeClient();
  const info = await client.container.inspect(client.container.getById(container.getId()));
  await client.container.remove(client.container.getById(container.getId()));
  return { exitCode: info.State.ExitCode, oomKilled: info.State.OOMKilled, seconds };
}

beforeAll(async () => {
  // All at once: the image's health check runs every 15 s, so one after another took five
  // of those rounds. A service whose dependency is not up yet (the gateway reads the
  // directory and report) is healthy at a later round: failures in the start period do
  // not count.
  const starting = (['ingestion', 'directory', 'referral', 'report', 'gateway'] as const).map(
    async (service) => {
      const output: string[] = [];
      try {
        const container = await new GenericContainer(`handcheck/${service}:${env.tag}`)
          .withNetworkMode('host')
          .withEnvironment(serviceEnv(service))
          .withLogConsumer((stream) => stream.on('data', (chunk) => output.push(String(chunk))))
          // The image's HEALTHCHECK asks the ready path: healthy means it can do its job.
          .withWaitStrategy(Wait.forHealthCheck())
          .withStartupTimeout(120_000)
          .start();
        started.set(service, container);
      } catch (error) {
        throw new Error(
          `${service} did not become healthy: ${String(error)}\n${output.slice(-15).join('')}`,
        );
      }
    },
  );
  const failed = (await Promise.allSettled(starting)).filter(
    (result): result is PromiseRejectedResult => result.status === 'rejected',
  );
  if (failed.length > 0) throw new Error(failed.map((f) => String(f.reason)).join('\n'));
}, 600_000);

afterAll(async () => {
  for (const container of started.values())
    await container.stop({ timeout: 5_000 }).catch(() => {});
});

describe('the service images, run as containers', () => {
  it.each(SERVICE_NAMES.map((s) => [s]))(
    '%s runs as a numeric unprivileged user with production dependencies only, and its health check is the ready path',
    async (service) => {
      const container = started.get(service);
      expect(container).toBeDefined();
      const { output } = await container!.exec(['id', '-u']);
      expect(output.trim()).toBe('1000');
      const client = await getContainerRuntimeClient();
      const info = await client.container.inspect(client.container.getById(container!.getId()));
      expect(info.Config.User).toMatch(/^\d+:\d+$/);
      expect(info.Config.Healthcheck?.Test).toEqual([
        'CMD',
        'node',
        '/usr/local/lib/handcheck/healthcheck.mjs',
      ]);
      // Development tools (the compiler, the test runner) never reach an image.
      const dev = await container!.exec([
        'ls',
        '/app/node_modules/typescript',
        '/app/node_modules/jest',
      ]);
      expect(dev.exitCode).not.toBe(0);
      const ready = await fetch(
        `http://127.0.0.1:${port(service)}${SERVICES[service].health.ready}`,
      );
      expect(ready.status).toBe(200);
    },
  );

  it('serves the site from the gateway image', async () => {
    const res = await fetch(`${gatewayUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await res.text()).toContain('<div id="root">');
    const openapi = await fetch(`${gatewayUrl}/api/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  });

  it('carries a page view from the gateway container through Kafka into ClickHouse', async () => {
    const sessionId = randomUUID();
    const event = pageView(sessionId, '/about');
    expect((await postEvents(gatewayUrl, [event])).status).toBe(202);
    const clickhouse = testClickHouse('handcheck');
    try {
      const found = await eventually(
        async () => {
          const [row] = await rows<{ page_path: string }>(
            clickhouse,
            `SELECT page_path FROM analytics_events FINAL WHERE event_id = '${event.id}'`,
          );
          return row;
        },
        60_000,
        500,
      );
      expect(found.page_path).toBe('/about');
    } finally {
      await clickhouse.close();
    }
  });

  it('mails a referral request through the referral container', async () => {
    const accepted = await eventually(
      async () => {
        const res = await postReferral(gatewayUrl, referralBody());
        return res.status === 202 ? res : undefined;
      },
      60_000,
      500,
    );
    expect(accepted.body.success).toBe(true);
    const [mail] = await waitForMails(inbox, 1, 60_000);
    expect(mail?.Subject).toMatch(/referral/i);
  });

  it('drains on SIGTERM: events accepted just before the gateway stops still reach ClickHouse, and every service exits 0 within the grace period', async () => {
    const sessionId = randomUUID();
    const events = Array.from({ length: 50 }, (_, i) => pageView(sessionId, `/drain/${i}`));
    expect((await postEvents(gatewayUrl, events)).status).toBe(202);

    const gateway = await exitOf(started.get('gateway')!, GRACE_SECONDS);
    started.delete('gateway');
    expect(gateway).toMatchObject({ exitCode: 0, oomKilled: false });
    expect(gateway.seconds).toBeLessThan(GRACE_SECONDS);

    const clickhouse = testClickHouse('handcheck');
    try {
      await eventually(
        async () => {
          const [row] = await rows<{ n: string }>(
            clickhouse,
            `SELECT uniqExact(event_id) AS n FROM analytics_events WHERE session_id = '${sessionId}'`,
          );
          return Number(row?.n) === events.length ? true : undefined;
        },
        60_000,
        500,
      );
    } finally {
      await clickhouse.close();
    }

    for (const service of ['report', 'referral', 'directory', 'ingestion'] as const) {
      const stopped = await exitOf(started.get(service)!, GRACE_SECONDS);
      started.delete(service);
      expect({ service, ...stopped, fast: stopped.seconds < GRACE_SECONDS }).toMatchObject({
        service,
        exitCode: 0,
        oomKilled: false,
        fast: true,
      });
    }
  }, 300_000);
});
