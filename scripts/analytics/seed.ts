// npm run seed:analytics -- --events N [--days 14] [--seed 42] [--profile dev]
//
// Seeds realistic traffic THROUGH THE REAL PIPELINE: protobuf event batches
// produced to Kafka (analytics.event-batches.v1, grouped per session as the
// browser sends them), consumed by the running ingestion service,
// written to ClickHouse. It bypasses only the gateway's HTTP layer, because the
// gateway (rightly) refuses browser timestamps older than 7 days and a useful
// seed spans two weeks for the week-over-week queries.
import { TOPICS, sessionBatchMessages } from '@handcheck/contracts';
import { createKafka, createProducer } from '@handcheck/server-kit/testing';
import { commandOptions, profileEnv } from './env';
import { seededRandom, sessionEvents } from './traffic';

async function main(): Promise<void> {
  const options = commandOptions({
    events: 10_000,
    days: 14,
    seed: 42,
    profile: process.env.HANDCHECK_PROFILE ?? 'dev',
  });
  const { events: wanted, days } = options;
  const env = profileEnv(options.profile);
  const random = seededRandom(options.seed);
  const now = Date.now();
  const kafka = createKafka({ clientId: 'seed', brokers: env.KAFKA_BROKERS!.split(',') });
  const producer = createProducer(kafka);
  await producer.connect();
  let sent = 0;
  let sessions = 0;
  while (sent < wanted) {
    const batch = [];
    while (batch.length < 2000 && sent + batch.length < wanted) {
      // More recent days are busier, so weekly growth comes out positive.
      const ageDays = days * (1 - Math.sqrt(random()));
      const events = sessionEvents(random, now - ageDays * 86_400_000 - 3_600_000);
      batch.push(...events.slice(0, wanted - sent - batch.length));
      sessions += 1;
    }
    await producer.send({
      topic: TOPICS.analyticsEventBatches,
      acks: -1,
      messages: sessionBatchMessages(batch),
    });
    sent += batch.length;
  }
  await producer.disconnect();
  console.log(
    `Produced ${sent} events in ${sessions} sessions over ${days} days to ${TOPICS.analyticsEventBatches}.`,
  );
  console.log('Ingestion writes them to ClickHouse within a second or two.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
