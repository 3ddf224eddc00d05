// Every Kafka topic in one place: `<domain>.<entity>.v<N>`, each with its
// dead-letter twin. Consumer groups are named after the owning service.
export const TOPICS = {
  /** AnalyticsEventBatch messages, one per accepted browser request. */
  analyticsEventBatches: 'analytics.event-batches.v1',
  referralsRequested: 'referrals.requested.v1',
} as const;

export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

/** The dead-letter twin of any topic, the referral topic named in settings included. */
export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}

/**
 * Partitions per topic: the most consumers of a group that can share its work.
 * Analytics messages are keyed by session, so a session's events keep their order.
 * Referrals are keyed by their id; the referral service mails its partitions side by
 * side (one message at a time in each), so partitions are also how many referrals one
 * replica has in hand at once. KAFKA_TOPIC_PARTITIONS overrides these counts (the chart
 * sizes them for its replicas); a topic that exists with fewer is reported at start.
 */
export const TOPIC_PARTITIONS: Record<Topic, number> = {
  [TOPICS.analyticsEventBatches]: 3,
  [TOPICS.referralsRequested]: 6,
};

/** A topic and its dead-letter twin as every service that uses them creates them. */
export function topicWithDeadLetters(topic: Topic): Array<{ topic: string; partitions: number }> {
  return [
    { topic, partitions: TOPIC_PARTITIONS[topic] },
    { topic: deadLetterTopic(topic), partitions: 1 },
  ];
}

export const CONSUMER_GROUPS = {
  ingestion: 'ingestion',
  referral: 'referral',
} as const;
