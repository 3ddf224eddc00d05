// The gateway joins the requests one send carries into one Kafka record per partition,
// on the real test broker: every event arrives once, on the partition its own session's
// key chooses, a request's events together and in order, and ingestion's decoder reads
// each record as one batch. A topic of its own, so the running services never see it.
import { AnalyticsEventBatchSchema, fromBinary } from '@handcheck/contracts';
import { type Consumer, eventually, keyPartition, uniqueName } from '@handcheck/server-kit/testing';
import { type Running, startGateway } from '../../support/apps';
import { pageView, postEvents } from '../../support/events';
import { createTopics, testKafka } from '../../support/referrals';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { decodeBatch } from '../../../services/ingestion/src/analytics/decode-batch';

jest.setTimeout(120_000);

const PARTITIONS = 3;
/** A session id the contract accepts (letters, digits and dashes), new each run. */
const session = (name: string) => uniqueName(name).replace(/_/g, '-');

interface Record {
  partition: number;
  key: string;
  sessions: string[];
  paths: string[];
}

describe('joined analytics records', () => {
  const kafka = testKafka();
  const topic = uniqueName('analytics.event-batches.v1.test');
  let gateway: Running<GatewayEnv>;
  let consumer: Consumer;
  const records: Record[] = [];

  beforeAll(async () => {
    await createTopics(kafka, [{ topic, partitions: PARTITIONS }]);
    // A long linger: every request below goes in one send, which joins what it can.
    gateway = await startGateway({ ANALYTICS_TOPIC: topic, PRODUCER_LINGER_MS: '300' });
    consumer = kafka.consumer({ groupId: uniqueName('joined-records') });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ partition, message }) => {
        const decoded = decodeBatch(message.value);
        if (!decoded.ok) throw new Error(`ingestion cannot read a record: ${decoded.reason}`);
        expect(decoded.invalid).toEqual([]);
        const { events } = fromBinary(AnalyticsEventBatchSchema, message.value!);
        records.push({
          partition,
          key: String(message.key),
          sessions: events.map((event) => event.sessionId),
          paths: events.map((event) => event.pagePath),
        });
      },
    });
  });

  afterAll(async () => {
    await consumer?.disconnect();
    await gateway?.close();
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
  });

  it('sends one record per partition, each event on its own session’s partition, in order', async () => {
    // Until the gateway has read the topic's partitions, requests go one per record.
    const warmUp = session('warm-up');
    await eventually(async () => {
      expect((await postEvents(gateway.url, [pageView(warmUp)])).status).toBe(202);
      return records.some((record) => record.sessions.includes(warmUp)) ? true : undefined;
    }, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = records.length;

    const sessions = Array.from({ length: 30 }, (_, i) => session(`session-${i}`));
    const answers = await Promise.all(
      sessions.map((id) =>
        postEvents(gateway.url, [pageView(id, '/first'), pageView(id, '/second')]),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(sessions.map(() => 202));
    const sent = new Set(sessions);
    const ours = () => records.slice(before).filter((r) => r.sessions.some((s) => sent.has(s)));
    await eventually(
      async () =>
        ours().flatMap((r) => r.sessions).length === 2 * sessions.length ? true : undefined,
      60_000,
    );

    const joined = ours();
    // Thirty requests over three partitions: a few records, not thirty.
    expect(joined.length).toBeLessThanOrEqual(2 * PARTITIONS);
    expect(joined.some((record) => record.sessions.length > 2)).toBe(true);
    for (const record of joined) {
      expect(record.key).toBe(record.sessions[0]);
      for (const session of record.sessions) {
        expect(keyPartition(session, PARTITIONS)).toBe(record.partition);
      }
      // A request's two events stay side by side and in the order it sent them.
      for (let i = 0; i < record.sessions.length; i += 2) {
        expect(record.sessions[i + 1]).toBe(record.sessions[i]);
        expect(record.paths.slice(i, i + 2)).toEqual(['/first', '/second']);
      }
    }
    const seen = joined.flatMap((record) => record.sessions);
    expect(new Set(seen)).toEqual(sent);
    expect(seen).toHaveLength(2 * sessions.length);
  });
});
