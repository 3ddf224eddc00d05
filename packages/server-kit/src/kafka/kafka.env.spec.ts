import { loadConfig } from '../config/load-config';
import { KafkaEnv, brokerList } from './kafka.env';
import { topicPolicy } from './topic-settings';

describe('brokerList', () => {
  it('splits a comma-separated list, dropping blanks', () => {
    expect(brokerList(' a:1, b:2 ,')).toEqual(['a:1', 'b:2']);
  });
});

describe('KafkaEnv', () => {
  it('defaults to one copy for the local single broker', () => {
    const env = loadConfig('test', KafkaEnv, {});
    expect(topicPolicy(env)).toEqual({
      replicationFactor: 1,
      minInsyncReplicas: 1,
      partitions: {},
    });
  });

  it('reads replicas, partitions per topic and retention', () => {
    const env = loadConfig('test', KafkaEnv, {
      KAFKA_REPLICATION_FACTOR: '3',
      KAFKA_MIN_INSYNC_REPLICAS: '2',
      KAFKA_TOPIC_PARTITIONS: 'analytics.event-batches.v1=6, referrals.requested.v1=12',
      KAFKA_RETENTION_HOURS: '48',
    });
    expect(topicPolicy(env)).toEqual({
      replicationFactor: 3,
      minInsyncReplicas: 2,
      partitions: { 'analytics.event-batches.v1': 6, 'referrals.requested.v1': 12 },
      retentionMs: 48 * 3_600_000,
    });
  });

  it('refuses a min.insync.replicas above the replication factor', () => {
    expect(() =>
      loadConfig('test', KafkaEnv, {
        KAFKA_REPLICATION_FACTOR: '2',
        KAFKA_MIN_INSYNC_REPLICAS: '3',
      }),
    ).toThrow(/KAFKA_MIN_INSYNC_REPLICAS: .*at most KAFKA_REPLICATION_FACTOR/);
  });

  it('refuses a partitions entry that is not topic=count', () => {
    expect(() => loadConfig('test', KafkaEnv, { KAFKA_TOPIC_PARTITIONS: 'a=0' })).toThrow(
      /KAFKA_TOPIC_PARTITIONS: .*topic=partitions/,
    );
  });

  it('takes a consumer session timeout of 6 s to 5 min, 30 s unless set', () => {
    expect(loadConfig('test', KafkaEnv, {}).KAFKA_SESSION_TIMEOUT_MS).toBe(30_000);
    expect(
      loadConfig('test', KafkaEnv, { KAFKA_SESSION_TIMEOUT_MS: '6000' }).KAFKA_SESSION_TIMEOUT_MS,
    ).toBe(6_000);
    // Below Kafka's group.min.session.timeout.ms (6 s) the broker would refuse to join.
    expect(() => loadConfig('test', KafkaEnv, { KAFKA_SESSION_TIMEOUT_MS: '5999' })).toThrow(
      /KAFKA_SESSION_TIMEOUT_MS/,
    );
  });
});
