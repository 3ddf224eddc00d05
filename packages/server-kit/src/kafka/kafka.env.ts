import { applyDecorators } from '@nestjs/common';
import { IsString, Matches, ValidateBy } from 'class-validator';
import { IntSetting, ListSetting } from '../config/setting-decorators';

/** At most the value of another numeric setting of the same object. */
const AtMostSetting = (other: string) =>
  ValidateBy({
    name: 'atMostSetting',
    constraints: [other],
    validator: {
      validate: (value: unknown, args) =>
        typeof value === 'number' &&
        value <= Number((args?.object as Record<string, unknown>)[other]),
      defaultMessage: () => `$property must be at most ${other}`,
    },
  });

/**
 * Every service that uses Kafka reads the same settings, so all that create a topic
 * agree on its replicas, partitions and retention. Defaults suit the local single
 * broker; a cluster sets 3 / 2 (the chart's production values): a write then waits for
 * two copies, and one broker may be down without stopping writes or losing data.
 */
export class KafkaEnv {
  @IsString()
  @Matches(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/, {
    message: '$property must be a comma-separated list of host:port',
  })
  KAFKA_BROKERS = '127.0.0.1:9092';

  /** Copies of each partition in topics the services create (at most the number of brokers). */
  @IntSetting({ min: 1, max: 7 })
  KAFKA_REPLICATION_FACTOR = 1;

  /** Copies a write with acks=all must reach (the topics' min.insync.replicas); at most the replication factor. */
  @IntSetting({ min: 1, max: 7 })
  @AtMostSetting('KAFKA_REPLICATION_FACTOR')
  KAFKA_MIN_INSYNC_REPLICAS = 1;

  /**
   * Partitions of named topics, `topic=count,...`, instead of the counts the code
   * declares (packages/contracts TOPIC_PARTITIONS): at least the most consumer replicas
   * of a group, which can then all work.
   */
  @ListSetting()
  @Matches(/^[a-zA-Z0-9._-]+=[1-9]\d{0,3}$/, {
    each: true,
    message: '$property must be a comma-separated list of topic=partitions',
  })
  KAFKA_TOPIC_PARTITIONS: string[] = [];

  /**
   * retention.ms, in hours, of topics that have no retention of their own (one that keeps
   * personal data sets a shorter one). 0: the broker's default (log.retention.hours).
   */
  @IntSetting({ min: 0, max: 87_600 })
  KAFKA_RETENTION_HOURS = 0;

  /**
   * How long a consumer group waits for a member that went silent before sharing its
   * partitions out again. After a broker restart the group waits this long for members
   * that crashed with the connection, so a shorter one resumes sooner, at the cost of
   * rebalances on a long pause (a GC stop, a slow ClickHouse insert).
   */
  @IntSetting({ min: 6_000, max: 300_000 })
  KAFKA_SESSION_TIMEOUT_MS = 30_000;
}

/** A topic name a setting may choose (tests isolate themselves with their own). */
export const TopicSetting = () => applyDecorators(Matches(/^[a-zA-Z0-9._-]+$/), IsString());

/** Comma-separated host:port list, as kafkajs wants it. */
export function brokerList(value: string): string[] {
  return value
    .split(',')
    .map((broker) => broker.trim())
    .filter(Boolean);
}
