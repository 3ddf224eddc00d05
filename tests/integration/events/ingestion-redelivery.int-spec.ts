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
import { pageView, postEvents } from '../../support/events';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { type IngestionEnv } from '../../../services/ingestion/src/config/ingestion.env';

jest.setTimeout(300_000);

async function countFinal(clickhouse: ClickHouseClient, sessionId: string) {
  const [row] = await rows<{ n: number; ids: number }>(
    clickhouse,
    `SELECT count() AS n, uniqExact(event_id) AS ids FROM analytics_events FINAL WHERE session_id = ${sqlString(sessionId)}`,
  );
  return { n: Number(row?.n ?? 0), ids: Number(row?.ids ?? 0) };
}

// The consumer's own restart and bad messages: no engine stops, so this runs with workers
// (the engine outages are in ingestion-resilience.int-spec.ts, in the faults project).
describe('ingestion counts a redelivery once and sets bad messages aside', () => {
  let gateway: Running<GatewayEnv>;
  let ingestion: Running<IngestionEnv>;
  let clickhouse: ClickHouseClient;
  let kafka: Kafka;
  const database = uniqueName('hc_redelivery');
  const group = uniqueName('ingestion-redelivery');

  beforeAll(async () => {
    ingestion = await startIngestion({ CLICKHOUSE_DATABASE: database, CONSUMER_GROUP: group });
    gateway = await startGateway();
    clickhouse = testClickHouse(database);
    kafka = createKafka({ clientId: 'redelivery-test', brokers: [testInfra().kafkaBrokers] });
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
});
