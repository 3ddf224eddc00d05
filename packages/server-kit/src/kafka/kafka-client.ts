import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import {
  type Admin,
  ConfigResourceTypes,
  ConfigSource,
  Kafka,
  type KafkaConfig,
  logLevel,
  type LogEntry,
  type ConfigEntries,
  type Producer,
  type ProducerConfig,
  type RetryOptions,
} from 'kafkajs';
import { KeyPartitioner } from './key-partitioner';
import { type TopicSpec } from './kafka-messages';
import {
  SINGLE_BROKER,
  type TopicPolicy,
  type TopicShortfall,
  type TopicState,
  shortfalls,
  withPolicy,
} from './topic-settings';

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
    if (message.startsWith(BOUNDED_RETRIES_WARNING)) return;
    const method = LEVELS[level] ?? 'log';
    new Logger(`kafka:${namespace}`)[method](`${message} ${JSON.stringify(extra)}`);
  };
}

/**
 * Every client, the idempotent producers too, gives up after a few retries (callers answer
 * 503 or retry themselves; kafkajs' idempotent default is to retry without end). A send
 * that gives up hands its sequence numbers back, so a resend of the same messages is still
 * recognised by the broker as a duplicate while it is among the partition's last five.
 */
const RETRY: RetryOptions = { initialRetryTime: 200, retries: 5, maxRetryTime: 5000 };
/** kafkajs' warning about the bounded retries above, which are chosen on purpose. */
const BOUNDED_RETRIES_WARNING = 'Limiting retries for the idempotent producer';

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
    retry: RETRY,
    ...extra,
  });
}

/**
 * Topics are created by the services at start-up, never by hand, with the replicas,
 * min.insync.replicas, partitions and retention the settings ask for. One that exists
 * with less is used as it is and returned as a shortfall for the caller to report:
 * growing partitions would move keys to other partitions under running consumers, and
 * replicas are the cluster operator's to reassign. Retention is corrected (see below).
 */
export async function ensureTopics(
  admin: Admin,
  declared: TopicSpec[],
  policy: TopicPolicy = SINGLE_BROKER,
): Promise<TopicShortfall[]> {
  if (declared.length === 0) return [];
  const topics = withPolicy(declared, policy);
  const existing = new Set(await admin.listTopics());
  const missing = topics.filter((t) => !existing.has(t.topic));
  if (missing.length > 0) {
    await admin.createTopics({
      // kafkajs' own wait gives up when a broker does not know the new topic yet.
      waitForLeaders: false,
      topics: missing.map((t) => ({
        topic: t.topic,
        numPartitions: t.partitions,
        replicationFactor: policy.replicationFactor,
        configEntries: [
          { name: 'min.insync.replicas', value: String(policy.minInsyncReplicas) },
          ...(t.retentionMs === undefined
            ? []
            : [{ name: 'retention.ms', value: String(t.retentionMs) }]),
        ],
      })),
    });
    await knownMetadata(admin, missing);
  }
  // Created by another service at the same moment: checked like any existing topic.
  const present = topics.filter((t) => existing.has(t.topic));
  if (present.length === 0) return [];
  const described = await describeTopicConfigs(admin, present);
  await correctRetention(admin, present, described);
  return shortfalls(present, policy, await topicStates(admin, present, described));
}

type DescribedConfigs = Map<string, ConfigEntries[]>;

async function describeTopicConfigs(admin: Admin, topics: TopicSpec[]): Promise<DescribedConfigs> {
  const described = await admin.describeConfigs({
    includeSynonyms: false,
    resources: topics.map((t) => ({ type: ConfigResourceTypes.TOPIC, name: t.topic })),
  });
  return new Map(described.resources.map((r) => [r.resourceName, r.configEntries]));
}

/**
 * Sets retention.ms on existing topics that declare one and have another. AlterConfigs
 * replaces a topic's whole set of overrides, so the others it has are sent back with it.
 */
async function correctRetention(
  admin: Admin,
  topics: TopicSpec[],
  described: DescribedConfigs,
): Promise<void> {
  const resources = [];
  for (const t of topics) {
    if (t.retentionMs === undefined) continue;
    const entries = described.get(t.topic) ?? [];
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

const NOT_KNOWN_YET = new Set(['UNKNOWN_TOPIC_OR_PARTITION', 'LEADER_NOT_AVAILABLE']);

/**
 * The topics' metadata once every partition has a leader. On a cluster, a topic just
 * created (here or by another replica starting beside this one) reaches each broker's
 * metadata a moment later: until then a broker answers that it does not know it.
 */
async function knownMetadata(
  admin: Admin,
  topics: TopicSpec[],
  timeoutMs = 30_000,
): ReturnType<Admin['fetchTopicMetadata']> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const metadata = await admin.fetchTopicMetadata({ topics: topics.map((t) => t.topic) });
      const led = metadata.topics.every((t) => t.partitions.every((p) => p.leader >= 0));
      if (led || Date.now() > deadline) return metadata;
    } catch (error) {
      const type = (error as { type?: string }).type;
      if (!NOT_KNOWN_YET.has(type ?? '') || Date.now() > deadline) throw error;
    }
    await sleep(200);
  }
}

/** Partitions, fewest replicas of any partition, and min.insync.replicas (the topic's or the broker's). */
async function topicStates(
  admin: Admin,
  topics: TopicSpec[],
  described: DescribedConfigs,
): Promise<Map<string, TopicState>> {
  const metadata = await knownMetadata(admin, topics);
  return new Map(
    metadata.topics.map((t) => {
      const minIsr = (described.get(t.name) ?? []).find(
        (e) => e.configName === 'min.insync.replicas',
      );
      return [
        t.name,
        {
          partitions: t.partitions.length,
          replicationFactor: Math.min(...t.partitions.map((p) => p.replicas.length)),
          minInsyncReplicas: Number(minIsr?.configValue ?? 1),
        },
      ];
    }),
  );
}

/**
 * Producers never create topics by accident and use the (murmur2, Java-compatible)
 * default partitioner, its hash in integer arithmetic (KeyPartitioner). They are idempotent: a request retried after its answer was lost
 * (a broker failing over) is stored once. kafkajs then sends one request at a time per
 * broker (maxInFlightRequests 1, which its sequence numbering needs) and refuses acks
 * other than all. Retries stay bounded (see RETRY).
 */
export function createProducer(kafka: Kafka, config: ProducerConfig = {}): Producer {
  return kafka.producer({
    allowAutoTopicCreation: false,
    createPartitioner: KeyPartitioner,
    idempotent: true,
    maxInFlightRequests: 1,
    retry: RETRY,
    ...config,
  });
}
