/**
 * A topic that exists with fewer partitions than the settings ask, on the real test
 * broker: the service starts and is ready, uses the topic as it is, says so in a
 * warning and in the kafka_topic_shortfall gauge, and leaves the topic unchanged.
 */
import { Logger } from '@nestjs/common';
import mongoose from 'mongoose';
import { TOPICS, TOPIC_PARTITIONS } from '@handcheck/contracts';
import { uniqueName } from '@handcheck/server-kit/testing';
import { type Running, startReferral } from '../../support/apps';
import { createTopics, mongoUrl, testKafka } from '../../support/referrals';
import { type ReferralEnv } from '../../../services/referral/src/config/referral.env';

jest.setTimeout(60_000);

const kafka = testKafka();
const topic = uniqueName('referrals.requested.v1.short');
const database = uniqueName('referral_short');
const wanted = TOPIC_PARTITIONS[TOPICS.referralsRequested];
let referral: Running<ReferralEnv>;
let warnings: jest.SpyInstance;

async function partitionsOf(name: string): Promise<number> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { topics } = await admin.fetchTopicMetadata({ topics: [name] });
    return topics[0]!.partitions.length;
  } finally {
    await admin.disconnect();
  }
}

beforeAll(async () => {
  // As an older install left it: one partition where the service now wants more.
  await createTopics(kafka, [{ topic, partitions: 1 }]);
  warnings = jest.spyOn(Logger.prototype, 'warn');
  referral = await startReferral({
    REFERRAL_TOPIC: topic,
    REFERRAL_CONSUMER_GROUP: uniqueName('referral-short'),
    REFERRAL_INBOX: `${uniqueName('inbox')}@handcheck.test`,
    MONGO_URL: mongoUrl(database),
  });
});

afterAll(async () => {
  warnings?.mockRestore();
  await referral?.close();
  const connection = await mongoose.createConnection(mongoUrl(database)).asPromise();
  await connection.dropDatabase();
  await connection.close();
});

it('warns, counts the shortfall in a metric, stays ready and leaves the topic as it is', async () => {
  expect(wanted).toBeGreaterThan(1);
  expect(warnings).toHaveBeenCalledWith(
    { topic, setting: 'partitions', configured: wanted, actual: 1 },
    expect.stringContaining(
      `Kafka topic ${topic} has 1 partitions, fewer than the ${wanted} configured`,
    ),
  );

  const metrics = await (await fetch(referral.metricsUrl)).text();
  const series = (name: string, setting: string) =>
    metrics
      .split('\n')
      .find(
        (line) =>
          line.startsWith('kafka_topic_shortfall{') &&
          line.includes(`topic="${name}"`) &&
          line.includes(`setting="${setting}"`),
      );
  expect(series(topic, 'partitions')).toMatch(new RegExp(` ${wanted - 1}$`));
  expect(series(topic, 'replication_factor')).toMatch(/ 0$/);
  // Its dead-letter twin was created now, as the settings ask: nothing short.
  expect(series(`${topic}.dlq`, 'partitions')).toMatch(/ 0$/);

  expect((await fetch(`${referral.url}/health/ready`)).status).toBe(200);
  expect(await partitionsOf(topic)).toBe(1);
});
