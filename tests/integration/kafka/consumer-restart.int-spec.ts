/**
 * A consumer that kafkajs gives up on, on the real test broker: a crash kafkajs deems
 * non-retriable (as when the group no longer knows the member) leaves its consumer
 * disconnected for good. runBatchConsumer starts it again, the uncommitted message is
 * delivered again, and the restart is counted.
 */
import {
  ConsumerMetrics,
  Metrics,
  type RunningConsumer,
  runBatchConsumer,
} from '@handcheck/server-kit';
import {
  KafkaJSNonRetriableError,
  createProducer,
  uniqueName,
} from '@handcheck/server-kit/testing';
import { createTopics, testKafka } from '../../support/referrals';

jest.setTimeout(60_000);

const kafka = testKafka();
const topic = uniqueName('consumer-restart');
let running: RunningConsumer | undefined;

beforeAll(async () => {
  await createTopics(kafka, [{ topic, partitions: 1 }]);
  const producer = createProducer(kafka);
  await producer.connect();
  await producer.send({ topic, acks: -1, messages: [{ key: 'k', value: 'first' }] });
  await producer.disconnect();
});

afterAll(async () => {
  await running?.stop();
});

it('starts a consumer again after a crash kafkajs will not retry, and the message is handled', async () => {
  const groupId = uniqueName('consumer-restart');
  const metrics = new Metrics('test');
  const deliveries: string[] = [];
  let handled!: () => void;
  const done = new Promise<void>((resolve) => (handled = resolve));
  running = await runBatchConsumer(
    kafka.consumer({ groupId }),
    { groupId, topic },
    async (batch) => {
      deliveries.push(...batch.messages.map((message) => String(message.value)));
      if (deliveries.length === 1) throw new KafkaJSNonRetriableError('refused once, for good');
      handled();
      return 'done';
    },
    new ConsumerMetrics(metrics),
    undefined,
    { firstMs: 200, maxMs: 1_000 },
  );
  await done;
  expect(deliveries).toEqual(['first', 'first']);
  expect(await metrics.registry.getSingleMetricAsString('kafka_consumer_restarts_total')).toMatch(
    new RegExp(`kafka_consumer_restarts_total\\{group="${groupId}",service="test"\\} 1`),
  );
});
