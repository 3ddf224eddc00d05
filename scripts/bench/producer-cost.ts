// npm run bench:producer-cost [-- --rate 6000 --seconds 10 --rounds 3]
//
// Needs `make start`'s Kafka. The CPU the gateway's Kafka producer costs per request, apart
// from everything else the gateway does: the intake's messages (10-event page views, mapped
// and written as the gateway maps and writes them, bench:intake's requests) are handed at an
// even --rate to a BatchingProducer with the gateway's settings, in two phases a round:
//  - kafkajs: the producer the gateway has (createProducer: idempotent, acks from all
//    in-sync replicas), joined per partition, to a topic of the analytics topic's partition
//    count made for the bench and deleted after, so ingestion and ClickHouse stay idle;
//  - none: the same pacing, batching and joining, with a producer that takes each batch
//    at once and sends nothing: the harness's own cost.
// It prints each phase's CPU per request (median of the rounds) and their difference, what
// kafkajs itself costs a request, to set beside bench:intake's CPU per request.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import {
  type EventBatchMessage,
  TOPIC_PARTITIONS,
  TOPICS,
  eventBatchMessage,
} from '@handcheck/contracts';
import { BatchingProducer } from '@handcheck/server-kit';
import { createKafka, createProducer } from '@handcheck/server-kit/testing';
import { GatewayEnv } from '../../services/gateway/src/config/gateway.env';
import { analyticsBatching } from '../../services/gateway/src/events/analytics-producer.service';
import { toAnalyticsEvent } from '../../services/gateway/src/events/to-analytics-event';
import { commandOptions, profileEnv } from '../analytics/env';

const options = commandOptions({ rate: 6000, seconds: 10, rounds: 3 });
const env = new GatewayEnv();
const PARTITIONS = TOPIC_PARTITIONS[TOPICS.analyticsEventBatches];
const TOPIC = `bench.producer-cost.${randomUUID().slice(0, 8)}`;

const context = {
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  receivedAtMs: Date.now(),
  location: { country: '', city: '', countryCode: '' },
};
const messages: EventBatchMessage[] = Array.from({ length: 4096 }, (_, k) =>
  eventBatchMessage(
    Array.from({ length: 10 }, (_, i) =>
      toAnalyticsEvent(
        {
          type: 'page_view',
          id: randomUUID(),
          sessionId: `bench-${k % 512}`,
          at: Date.now(),
          path: i % 2 ? '/conditions/trigger-finger' : '/',
        },
        context,
      ),
    ),
  ),
);

/** Hands `rate` requests a second to the producer for `seconds`, then drains: CPU µs a request. */
async function cpuPerRequest(producer: Sender): Promise<number> {
  const batching = new BatchingProducer(
    producer,
    analyticsBatching(env, () => PARTITIONS),
  );
  const start = process.cpuUsage();
  const began = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = performance.now() - began;
      const due = Math.floor((Math.min(elapsed, options.seconds * 1000) / 1000) * options.rate);
      for (; sent < due; sent++) {
        const message = messages[sent % messages.length]!;
        batching.send(TOPIC, [message], 10);
      }
      if (elapsed >= options.seconds * 1000) {
        clearInterval(tick);
        resolve();
      }
    }, 1);
  });
  const left = await batching.drain(30_000);
  if (left > 0) throw new Error(`${left} events were not delivered`);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / sent;
}

/** What BatchingProducer sends through: kafkajs's producer, or one that sends nothing. */
type Sender = ConstructorParameters<typeof BatchingProducer>[0];

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

async function main(): Promise<void> {
  const [one, five, fifteen] = loadavg();
  console.log(
    `load average before: ${one!.toFixed(2)} ${five!.toFixed(2)} ${fifteen!.toFixed(2)} (1, 5, 15 min)`,
  );
  const infra = profileEnv();
  const kafka = createKafka({
    clientId: 'bench-producer-cost',
    brokers: (infra.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
  });
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic: TOPIC, numPartitions: PARTITIONS }] });
  const producer = createProducer(kafka);
  await producer.connect();
  const none: Sender = { sendBatch: () => Promise.resolve([]) };
  try {
    await cpuPerRequest(producer); // warm-up: the topic's metadata, the JIT
    const samples = { kafkajs: [] as number[], none: [] as number[] };
    for (let round = 0; round < options.rounds; round++) {
      samples.kafkajs.push(await cpuPerRequest(producer));
      samples.none.push(await cpuPerRequest(none));
    }
    const kafkajs = median(samples.kafkajs);
    const harness = median(samples.none);
    console.log(
      `bench:producer-cost: ${options.rate} requests/s of 10 events (${messages[0]!.value.length} bytes a message), ` +
        `${options.seconds} s a phase, median of ${options.rounds} rounds, ${PARTITIONS} partitions`,
    );
    console.log(`  with kafkajs          ${kafkajs.toFixed(1)} µs CPU per request`);
    console.log(
      `  with no producer      ${harness.toFixed(1)} µs CPU per request (pacing, batching, joining)`,
    );
    console.log(`  kafkajs's own         ${(kafkajs - harness).toFixed(1)} µs CPU per request`);
  } finally {
    await producer.disconnect();
    await admin.deleteTopics({ topics: [TOPIC] });
    await admin.disconnect();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
