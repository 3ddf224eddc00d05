import { randomUUID } from 'node:crypto';
import { type ClickHouseClient } from '@clickhouse/client';
import { type Kafka } from '@handcheck/server-kit/testing';
import {
  AnalyticsEventSchema,
  TOPICS,
  create,
  deadLetterTopic,
  eventBatchMessage,
} from '@handcheck/contracts';
import { sqlString } from '@handcheck/server-kit';
import { createKafka, createProducer } from '@handcheck/server-kit/testing';
import { eventually, testInfra, uniqueName } from '@handcheck/server-kit/testing';
import { type Running, startGateway, startIngestion } from '../../support/apps';
import { dropDatabase, rows, testClickHouse } from '../../support/clickhouse';
import { readDeadLetters } from '../../support/dead-letters';
import { engine } from '../../support/engines';
import { pageView, postEvents } from '../../support/events';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { type IngestionEnv } from '../../../services/ingestion/src/config/ingestion.env';

jest.setTimeout(300_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function countFinal(clickhouse: ClickHouseClient, sessionId: string) {
  const [row] = await rows<{ n: number; ids: number }>(
    clickhouse,
    `SELECT count() AS n, uniqExact(event_id) AS ids FROM analytics_events FINAL WHERE session_id = ${sqlString(sessionId)}`,
  );
  return { n: Number(row?.n ?? 0), ids: Number(row?.ids ?? 0) };
}

describe('ingestion loses nothing and counts nothing twice', () => {
  let gateway: Running<GatewayEnv>;
  let ingestion: Running<IngestionEnv>;
  let clickhouse: ClickHouseClient;
  let kafka: Kafka;
  const database = uniqueName('hc_resilience');
  const group = uniqueName('ingestion-resilience');

  beforeAll(async () => {
    ingestion = await startIngestion({ CLICKHOUSE_DATABASE: database, CONSUMER_GROUP: group });
    gateway = await startGateway();
    clickhouse = testClickHouse(database);
    kafka = createKafka({ clientId: 'resilience-test', brokers: [testInfra().kafkaBrokers] });
  });

  afterAll(async () => {
    await gateway?.close();
    await ingestion?.close();
    await clickhouse?.close();
    await dropDatabase(database);
  });

  it('a batch redelivered after a consumer restart before commit is counted once', async () => {
    const session = randomUUID();
    const events = Array.from({ length: 25 }, () => pageView(session));
    expect((await postEvents(gateway.url, events)).status).toBe(202);
    await eventually(
      async () => ((await countFinal(clickhouse, session)).n === 25 ? true : undefined),
      10_000,
    );

    // Rewind the group to the start, as if the consumer died after inserting and before committing.
    await ingestion.close();
    const admin = kafka.admin();
    await admin.connect();
    const partitions = (await admin.fetchTopicOffsets(TOPICS.analyticsEventBatches)).map((p) => ({
      partition: p.partition,
      offset: '0',
    }));
    await admin.setOffsets({ groupId: group, topic: TOPICS.analyticsEventBatches, partitions });
    const rewound = await admin.fetchOffsets({
      groupId: group,
      topics: [TOPICS.analyticsEventBatches],
    });
    await admin.disconnect();
    expect(rewound[0]?.partitions.every((p) => p.offset === '0')).toBe(true);

    ingestion = await startIngestion({ CLICKHOUSE_DATABASE: database, CONSUMER_GROUP: group });
    // Wait until the restarted consumer has caught up again (its committed offsets move past 0)…
    await eventually(
      async () => {
        const admin2 = kafka.admin();
        await admin2.connect();
        const offsets = await admin2.fetchOffsets({
          groupId: group,
          topics: [TOPICS.analyticsEventBatches],
        });
        await admin2.disconnect();
        return offsets[0]?.partitions.some((p) => Number(p.offset) > 0) ? true : undefined;
      },
      20_000,
      250,
    );
    // …then every event is still there exactly once.
    expect(await countFinal(clickhouse, session)).toEqual({ n: 25, ids: 25 });
  });

  /** The headers of the dead letters with this key, once `count` came. */
  const deadLetters = async (key: string, count: number) =>
    (
      await readDeadLetters(kafka, deadLetterTopic(TOPICS.analyticsEventBatches), count, { key })
    ).map((letter) => letter.headers);

  it('a malformed message goes to the dead-letter topic and the consumer keeps going', async () => {
    const key = `garbage-${randomUUID()}`;
    const producer = createProducer(kafka);
    await producer.connect();
    await producer.send({
      topic: TOPICS.analyticsEventBatches,
      messages: [{ key, value: Buffer.from('this is not protobuf \xff\xff\xff') }],
    });
    await producer.disconnect();

    const session = randomUUID();
    expect((await postEvents(gateway.url, [pageView(session)])).status).toBe(202);
    await eventually(
      async () => ((await countFinal(clickhouse, session)).n === 1 ? true : undefined),
      10_000,
    );

    const [headers] = await deadLetters(key, 1);
    expect(headers?.reason).toMatch(/not an AnalyticsEventBatch/);
    expect(headers?.['source-topic']).toBe(TOPICS.analyticsEventBatches);
  });

  it('one bad event in a batch goes to the dead-letter topic alone; the rest are stored', async () => {
    const session = `mixed-${randomUUID().slice(0, 8)}`;
    const good = create(AnalyticsEventSchema, {
      eventId: randomUUID(),
      sessionId: session,
      occurredAtMs: BigInt(Date.now()),
      receivedAtMs: BigInt(Date.now()),
      pagePath: '/faq',
      payload: { case: 'pageView', value: {} },
    });
    const bad = create(AnalyticsEventSchema, { ...good, eventId: 'not-a-uuid' });
    const producer = createProducer(kafka);
    await producer.connect();
    await producer.send({
      topic: TOPICS.analyticsEventBatches,
      messages: [eventBatchMessage([good, bad])],
    });
    await producer.disconnect();

    await eventually(
      async () => ((await countFinal(clickhouse, session)).n === 1 ? true : undefined),
      10_000,
    );
    const [headers] = await deadLetters(session, 1);
    expect(headers?.reason).toBe(
      'event.id must be a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f.',
    );
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

  it('ClickHouse stopped for 10 s mid-stream: afterwards every accepted event is there exactly once', async () => {
    const session = randomUUID();
    const { accepted, statuses } = await stream(session, 2000, async () => {
      await sleep(1500);
      engine('stop', 'clickhouse');
      await sleep(10_000);
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
