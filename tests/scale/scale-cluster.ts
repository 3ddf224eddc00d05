import { execFileSync } from 'node:child_process';
import {
  type Kafka,
  ConfigResourceTypes,
  createKafka,
  infraScript,
  testInfra,
  uniqueName,
} from '@handcheck/server-kit/testing';
import { brokerList } from '@handcheck/server-kit';

/** The Kafka settings of services on the three-broker cluster (the chart's production values). */
export const CLUSTER_KAFKA = { KAFKA_REPLICATION_FACTOR: '3', KAFKA_MIN_INSYNC_REPLICAS: '2' };

export type ScaleEngine = 'kafka1' | 'kafka2' | 'kafka3' | 'clickhouse1' | 'clickhouse2';

/** Stops or starts one engine of the local cluster, exactly as an outage would. */
export function scaleEngine(action: 'stop' | 'start', name: ScaleEngine): void {
  execFileSync('bash', [infraScript(), action, '--profile', 'scale', name], {
    stdio: 'pipe',
    timeout: 180_000,
  });
}

/** A client of every broker of the cluster. */
export function clusterKafka(): Kafka {
  return createKafka({
    clientId: uniqueName('scale-test'),
    brokers: brokerList(testInfra().kafkaBrokers),
  });
}

export interface TopicLayout {
  partitions: number;
  /** Replicas of each partition. */
  replicas: number[];
  minInsyncReplicas: string | undefined;
}

/** How a topic is laid out on the cluster, as its metadata and configuration say. */
export async function topicLayout(kafka: Kafka, topic: string): Promise<TopicLayout> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
    const { resources } = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [{ type: ConfigResourceTypes.TOPIC, name: topic }],
    });
    const partitions = topics[0]!.partitions;
    return {
      partitions: partitions.length,
      replicas: partitions.map((p) => p.replicas.length),
      minInsyncReplicas: resources[0]?.configEntries.find(
        (e) => e.configName === 'min.insync.replicas',
      )?.configValue,
    };
  } finally {
    await admin.disconnect();
  }
}
