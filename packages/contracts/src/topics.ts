// Every Kafka topic in one place: `<domain>.<entity>.v<N>`, each with its
// dead-letter twin. Consumer groups are named after the owning service.
export const TOPICS = {
  /** AnalyticsEventBatch messages, one per accepted browser request. */
  analyticsEventBatches: 'analytics.event-batches.v1',
  referralsRequested: 'referrals.requested.v1',
} as const;

export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

export function deadLetterTopic(topic: Topic): string {
  return `${topic}.dlq`;
}

export const CONSUMER_GROUPS = {
  ingestion: 'ingestion',
  referral: 'referral',
} as const;
