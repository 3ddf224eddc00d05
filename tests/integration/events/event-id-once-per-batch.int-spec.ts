import { randomUUID } from 'node:crypto';
import { type ClickHouseClient } from '@clickhouse/client';
import { TOPICS } from '@handcheck/contracts';
import {
  createKafka,
  eventually,
  testInfra,
  uniqueName,
  type Kafka,
} from '@handcheck/server-kit/testing';
import { type Running, startGateway, startIngestion } from '../../support/apps';
import { dropDatabase, rows, testClickHouse } from '../../support/clickhouse';
import { postEvents } from '../../support/events';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { type IngestionEnv } from '../../../services/ingestion/src/config/ingestion.env';

jest.setTimeout(120_000);

// The same event id twice in one browser batch is accepted (202) and stored once, under the
// smaller of its sessions, as the funnel would count it. Merges of analytics_events are
// stopped, so a second row could not be hidden by a merge that happened to come first.

describe('one event id twice in one batch', () => {
  let gateway: Running<GatewayEnv>;
  let ingestion: Running<IngestionEnv>;
  let clickhouse: ClickHouseClient;
  let kafka: Kafka;
  // Inside the gateway's week of accepted clock skew.
  const when = Date.now() - 2 * 86_400_000;

  const started = (id: string, sessionId: string) => ({
    type: 'symptom_checker_started',
    id,
    sessionId,
    at: when,
    path: '/symptom-checker',
  });

  beforeAll(async () => {
    kafka = createKafka({ clientId: 'event-id-once-test', brokers: [testInfra().kafkaBrokers] });
    // The consumer starts where the topic ends now: replaying every suite's history would take
    // minutes and tells nothing here.
    const group = uniqueName('ingestion-once');
    const admin = kafka.admin();
    await admin.connect();
    try {
      const ends = await admin.fetchTopicOffsets(TOPICS.analyticsEventBatches);
      await admin.setOffsets({
        groupId: group,
        topic: TOPICS.analyticsEventBatches,
        partitions: ends.map(({ partition, high }) => ({ partition, offset: high })),
      });
    } finally {
      await admin.disconnect();
    }
    ingestion = await startIngestion({ CONSUMER_GROUP: group });
    gateway = await startGateway();
    clickhouse = testClickHouse(ingestion.env.CLICKHOUSE_DATABASE);
    await clickhouse.command({
      query: `SYSTEM STOP MERGES ${ingestion.env.CLICKHOUSE_DATABASE}.analytics_events`,
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await ingestion?.close();
    await clickhouse?.close();
    if (ingestion) await dropDatabase(ingestion.env.CLICKHOUSE_DATABASE);
  });

  it('is accepted and stored once, under the smaller session', async () => {
    const id = randomUUID();
    const [smaller, larger] = [`a-${randomUUID()}`, `b-${randomUUID()}`];
    expect(await postEvents(gateway.url, [started(id, larger), started(id, smaller)])).toEqual({
      status: 202,
      retryAfter: null,
    });
    // No FINAL: every row stored counts. The batch's rows of a table are one insert, so
    // once one of them can be read, all of them can.
    const stored = await eventually(async () => {
      const found = await rows<{ session_id: string }>(
        clickhouse,
        `SELECT session_id FROM analytics_events WHERE event_id = '${id}'`,
      );
      return found.length > 0 ? found : undefined;
    }, 30_000);
    expect(stored).toEqual([{ session_id: smaller }]);
  });
});
