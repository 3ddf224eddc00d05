// What the settings ask of the topics a service creates, and how an existing topic
// falls short of it. Pure: kafka-client.ts reads the cluster, kafka.service.ts reports.
import { type TopicSpec } from './kafka-messages';

export interface TopicPolicy {
  replicationFactor: number;
  minInsyncReplicas: number;
  /** Partition counts by topic name, over the counts the code declares. */
  partitions: Record<string, number>;
  /** retention.ms of topics that declare none; undefined: the broker's default. */
  retentionMs?: number;
}

/** The local single broker's: one copy, no partition or retention overrides. */
export const SINGLE_BROKER: TopicPolicy = {
  replicationFactor: 1,
  minInsyncReplicas: 1,
  partitions: {},
};

const HOUR_MS = 60 * 60 * 1000;

export function topicPolicy(env: {
  KAFKA_REPLICATION_FACTOR: number;
  KAFKA_MIN_INSYNC_REPLICAS: number;
  KAFKA_TOPIC_PARTITIONS: string[];
  KAFKA_RETENTION_HOURS: number;
}): TopicPolicy {
  const partitions: Record<string, number> = {};
  for (const item of env.KAFKA_TOPIC_PARTITIONS) {
    const at = item.lastIndexOf('=');
    partitions[item.slice(0, at)] = Number(item.slice(at + 1));
  }
  return {
    replicationFactor: env.KAFKA_REPLICATION_FACTOR,
    minInsyncReplicas: env.KAFKA_MIN_INSYNC_REPLICAS,
    partitions,
    ...(env.KAFKA_RETENTION_HOURS > 0 ? { retentionMs: env.KAFKA_RETENTION_HOURS * HOUR_MS } : {}),
  };
}

/** The topics as the settings want them: partition overrides and the default retention applied. */
export function withPolicy(topics: TopicSpec[], policy: TopicPolicy): TopicSpec[] {
  return topics.map((t) => {
    const retentionMs = t.retentionMs ?? policy.retentionMs;
    return {
      ...t,
      partitions: policy.partitions[t.topic] ?? t.partitions,
      ...(retentionMs === undefined ? {} : { retentionMs }),
    };
  });
}

/** What an existing topic has, as read from the cluster. */
export interface TopicState {
  partitions: number;
  /** The fewest replicas any of its partitions has. */
  replicationFactor: number;
  minInsyncReplicas: number;
}

export const SHORTFALL_SETTINGS = [
  'partitions',
  'replication_factor',
  'min_insync_replicas',
] as const;
export type ShortfallSetting = (typeof SHORTFALL_SETTINGS)[number];

export interface TopicShortfall {
  topic: string;
  setting: ShortfallSetting;
  configured: number;
  actual: number;
}

/** Where existing topics have less than asked (more is left alone: it is never less safe). */
export function shortfalls(
  topics: TopicSpec[],
  policy: TopicPolicy,
  states: Map<string, TopicState>,
): TopicShortfall[] {
  const found: TopicShortfall[] = [];
  for (const t of topics) {
    const state = states.get(t.topic);
    if (!state) continue;
    const wanted: Record<ShortfallSetting, number> = {
      partitions: t.partitions,
      replication_factor: policy.replicationFactor,
      min_insync_replicas: policy.minInsyncReplicas,
    };
    const actual: Record<ShortfallSetting, number> = {
      partitions: state.partitions,
      replication_factor: state.replicationFactor,
      min_insync_replicas: state.minInsyncReplicas,
    };
    for (const setting of SHORTFALL_SETTINGS) {
      if (actual[setting] < wanted[setting]) {
        found.push({
          topic: t.topic,
          setting,
          configured: wanted[setting],
          actual: actual[setting],
        });
      }
    }
  }
  return found;
}

/** One warning line an operator can act on. */
export function describeShortfall(s: TopicShortfall): string {
  const what = {
    partitions: 'partitions',
    replication_factor: 'replicas per partition',
    min_insync_replicas: 'min.insync.replicas',
  }[s.setting];
  const fix = {
    partitions:
      'grow it with kafka-topics.sh --alter --partitions (keys then map to other partitions)',
    replication_factor: 'add replicas with kafka-reassign-partitions.sh',
    min_insync_replicas:
      'raise it with kafka-configs.sh --alter --add-config min.insync.replicas=N',
  }[s.setting];
  return `Kafka topic ${s.topic} has ${s.actual} ${what}, fewer than the ${s.configured} configured; it is used as it is: ${fix}`;
}
