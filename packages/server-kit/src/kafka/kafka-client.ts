import { Logger } from '@nestjs/common';
import {
  type Admin,
  ConfigResourceTypes,
  ConfigSource,
  Kafka,
  type KafkaConfig,
  logLevel,
  type LogEntry,
  Partitioners,
  type Producer,
  type ProducerConfig,
} from 'kafkajs';
import { type TopicSpec } from './kafka-messages';

// kafkajs is unmaintained since 2023: everything reaches it through this folder
// so the client can be swapped without touching the services (an ESLint rule
// refuses kafkajs imports anywhere else).

const LEVELS: Record<number, 'error' | 'warn' | 'log' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'log',
  [logLevel.DEBUG]: 'debug',
};

function nestLogCreator() {
  return ({ namespace, level, log }: LogEntry) => {
    const { message, ...extra } = log;
    const method = LEVELS[level] ?? 'log';
    new Logger(`kafka:${namespace}`)[method](`${message} ${JSON.stringify(extra)}`);
  };
}

export interface KafkaSettings {
  clientId: string;
  brokers: string[];
  /** Fail fast: callers decide whether to retry, not the client. */
  connectionTimeoutMs?: number;
  requestTimeoutMs?: number;
}

export function createKafka(settings: KafkaSettings, extra: Partial<KafkaConfig> = {}): Kafka {
  return new Kafka({
    clientId: settings.clientId,
    brokers: settings.brokers,
    connectionTimeout: settings.connectionTimeoutMs ?? 3000,
    requestTimeout: settings.requestTimeoutMs ?? 10000,
    logLevel: logLevel.WARN,
    logCreator: nestLogCreator,
    retry: { initialRetryTime: 200, retries: 5, maxRetryTime: 5000 },
    ...extra,
  });
}

/**
 * Topics are created by the services at start-up, never by hand. One that exists with
 * fewer partitions than declared is grown to that many (Kafka cannot shrink a topic, so
 * one with more is left alone): keys then map to other partitions, which only reorders
 * keys across the moment of growing.
 */
export async function ensureTopics(admin: Admin, topics: TopicSpec[]): Promise<void> {
  if (topics.length === 0) return;
  const existing = new Set(await admin.listTopics());
  const missing = topics.filter((t) => !existing.has(t.topic));
  if (missing.length > 0) {
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((t) => ({
        topic: t.topic,
        numPartitions: t.partitions,
        replicationFactor: 1,
        ...(t.retentionMs === undefined
          ? {}
          : { configEntries: [{ name: 'retention.ms', value: String(t.retentionMs) }] }),
      })),
    });
  }
  const present = topics.filter((t) => existing.has(t.topic));
  if (present.length === 0) return;
  await correctRetention(admin, present);
  const short = await tooFewPartitions(admin, present);
  if (short.length === 0) return;
  try {
    await admin.createPartitions({
      topicPartitions: short.map((t) => ({ topic: t.topic, count: t.partitions })),
    });
  } catch (error) {
    // Another service grew it at the same moment: fine once it has enough.
    if ((await tooFewPartitions(admin, short)).length > 0) throw error;
  }
}

/**
 * Sets retention.ms on existing topics that declare one and have another. AlterConfigs
 * replaces a topic's whole set of overrides, so the others it has are sent back with it.
 */
async function correctRetention(admin: Admin, topics: TopicSpec[]): Promise<void> {
  const wanted = topics.filter((t) => t.retentionMs !== undefined);
  if (wanted.length === 0) return;
  const described = await admin.describeConfigs({
    includeSynonyms: false,
    resources: wanted.map((t) => ({ type: ConfigResourceTypes.TOPIC, name: t.topic })),
  });
  const resources = [];
  for (const t of wanted) {
    const entries =
      described.resources.find((r) => r.resourceName === t.topic)?.configEntries ?? [];
    const value = String(t.retentionMs);
    if (entries.find((e) => e.configName === 'retention.ms')?.configValue === value) continue;
    const overrides = entries
      .filter(
        (e) =>
          e.configName !== 'retention.ms' &&
          !e.isDefault &&
          !e.isSensitive &&
          e.configSource === ConfigSource.TOPIC_CONFIG,
      )
      .map((e) => ({ name: e.configName, value: e.configValue }));
    resources.push({
      type: ConfigResourceTypes.TOPIC,
      name: t.topic,
      configEntries: [...overrides, { name: 'retention.ms', value }],
    });
  }
  if (resources.length > 0) await admin.alterConfigs({ validateOnly: false, resources });
}

async function tooFewPartitions(admin: Admin, topics: TopicSpec[]): Promise<TopicSpec[]> {
  const metadata = await admin.fetchTopicMetadata({ topics: topics.map((t) => t.topic) });
  const counts = new Map(metadata.topics.map((t) => [t.name, t.partitions.length]));
  return topics.filter((t) => (counts.get(t.topic) ?? t.partitions) < t.partitions);
}

/** Producers never create topics by accident and use the (murmur2, Java-compatible) default partitioner. */
export function createProducer(kafka: Kafka, config: ProducerConfig = {}): Producer {
  return kafka.producer({
    allowAutoTopicCreation: false,
    createPartitioner: Partitioners.DefaultPartitioner,
    ...config,
  });
}
