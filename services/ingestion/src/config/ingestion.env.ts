import { TOPICS, TOPIC_PARTITIONS, deadLetterTopic } from '@handcheck/contracts';
import {
  CommonEnv,
  IntSetting,
  TextSetting,
  TopicSetting,
  type TopicSpec,
} from '@handcheck/server-kit';
import { SERVICES } from '@handcheck/service-registry';

export class IngestionEnv extends CommonEnv {
  override PORT = SERVICES.ingestion.httpPort;

  @TextSetting()
  CONSUMER_GROUP = 'ingestion';

  /** The topic event batches are read from (its dead-letter twin is `<topic>.dlq`); tests that count what they sent read their own. */
  @TopicSetting()
  ANALYTICS_TOPIC: string = TOPICS.analyticsEventBatches;

  /** The broker holds a fetch until this much data is ready, or until the wait below ends. */
  @IntSetting({ min: 1, max: 10_000_000 })
  BATCH_MIN_BYTES = 1_048_576;

  @IntSetting({ min: 10, max: 10_000 })
  BATCH_MAX_WAIT_MS = 500;
}

/** The event topic and its dead-letter twin, as ingestion creates them at start. */
export function analyticsTopics(env: IngestionEnv): TopicSpec[] {
  return [
    { topic: env.ANALYTICS_TOPIC, partitions: TOPIC_PARTITIONS[TOPICS.analyticsEventBatches] },
    { topic: deadLetterTopic(env.ANALYTICS_TOPIC), partitions: 1 },
  ];
}
