import { randomUUID } from 'node:crypto';
import { type ClickHouseClient } from '@clickhouse/client';
import { sqlString } from '@handcheck/server-kit';
import { eventually, uniqueName } from '@handcheck/server-kit/testing';
import { type Running, startGateway, startIngestion } from '../../support/apps';
import { dropDatabase, rows, testClickHouse } from '../../support/clickhouse';
import { engine } from '../../support/engines';
import { pageView, postEvents } from '../../support/events';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { type IngestionEnv } from '../../../services/ingestion/src/config/ingestion.env';

jest.setTimeout(300_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ingestion loses nothing and counts nothing twice', () => {
  let gateway: Running<GatewayEnv>;
  let ingestion: Running<IngestionEnv>;
  let clickhouse: ClickHouseClient;
  const database = uniqueName('hc_resilience');
  const group = uniqueName('ingestion-resilience');

  beforeAll(async () => {
    ingestion = await startIngestion({
      CLICKHOUSE_DATABASE: database,
      CONSUMER_GROUP: group,
      // After Kafka's restart the group waits this long for the member lost with it; the
      // default 30 s would be most of this spec's time, and what is checked is the same.
      KAFKA_SESSION_TIMEOUT_MS: '6000',
    });
    gateway = await startGateway();
    clickhouse = testClickHouse(database);
  });

  afterAll(async () => {
    await gateway?.close();
    await ingestion?.close();
    await clickhouse?.close();
    await dropDatabase(database);
  });

  /** Sends small batches for `durationMs`, remembering exactly which events got a 202. */
  async function stream(
    session: string,
    durationMs: number,
    during: () => Promise<void>,
    url = gateway.url,
  ) {
    const accepted: string[] = [];
    const statuses: number[] = [];
    const answeredAt: number[] = [];
    const retryAfter: string[] = [];
    let running = true;
    const sender = (async () => {
      while (running) {
        const batch = Array.from({ length: 5 }, () => pageView(session));
        const result = await postEvents(url, batch);
        statuses.push(result.status);
        answeredAt.push(Date.now());
        if (result.status === 202) accepted.push(...batch.map((e) => e.id));
        if (result.retryAfter) retryAfter.push(result.retryAfter);
        await sleep(50);
      }
    })();
    await during();
    await sleep(durationMs);
    running = false;
    await sender;
    return { accepted, statuses, retryAfter, answeredAt };
  }

  async function expectExactlyOnce(session: string, accepted: string[]) {
    const ids = new Set(accepted);
    const stored = await eventually(
      async () => {
        const found = await rows<{ event_id: string; copies: number }>(
          clickhouse,
          `SELECT event_id, count() AS copies FROM analytics_events FINAL WHERE session_id = ${sqlString(session)} GROUP BY event_id`,
        );
        const have = new Set(found.map((r) => r.event_id));
        return [...ids].every((id) => have.has(id)) ? found : undefined;
      },
      90_000,
      1000,
    );
    expect(stored.every((r) => Number(r.copies) === 1)).toBe(true);
  }

  it('ClickHouse stopped for 5 s mid-stream: afterwards every accepted event is there exactly once', async () => {
    const session = randomUUID();
    const { accepted, statuses } = await stream(session, 2000, async () => {
      await sleep(1500);
      engine('stop', 'clickhouse');
      // Ingestion writes a batch at least every 0.5 s: its inserts fail meanwhile.
      await sleep(5_000);
      engine('start', 'clickhouse');
    });
    // The gateway never depended on ClickHouse: everything was accepted.
    expect(statuses.every((s) => s === 202)).toBe(true);
    expect(accepted.length).toBeGreaterThan(50);
    await expectExactlyOnce(session, accepted);
  });

  it('Kafka stopped: the gateway holds what fits its buffer, answers 503 with Retry-After beyond it, and loses nothing it accepted', async () => {
    // A small buffer: 300 events, 3 s of this stream, so it fills within the outage.
    const small = await startGateway({ PRODUCER_MAX_BUFFERED: '300' });
    try {
      const session = randomUUID();
      let stoppedAt = 0;
      let restartedAt = 0;
      const { accepted, statuses, retryAfter, answeredAt } = await stream(
        session,
        3000,
        async () => {
          await sleep(1500);
          engine('stop', 'kafka');
          stoppedAt = Date.now();
          await sleep(8000);
          engine('start', 'kafka');
          restartedAt = Date.now();
        },
        small.url,
      );
      const during = statuses.filter(
        (_, i) => answeredAt[i]! > stoppedAt && answeredAt[i]! < restartedAt,
      );
      // While Kafka was away: first taken into the buffer, then refused once it was full.
      expect(during).toContain(202);
      expect(during).toContain(503);
      expect(during.indexOf(202)).toBeLessThan(during.indexOf(503));
      expect(retryAfter.length).toBeGreaterThan(0);
      expect(retryAfter.every((seconds) => Number(seconds) > 0)).toBe(true);
      await expectExactlyOnce(session, accepted);
    } finally {
      await small.close();
    }
  });
});
