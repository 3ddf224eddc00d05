import { TOPICS, TOPIC_PARTITIONS, topicWithDeadLetters } from './topics';

describe('topics', () => {
  it('gives every topic at least one partition', () => {
    for (const topic of Object.values(TOPICS)) {
      expect(TOPIC_PARTITIONS[topic]).toBeGreaterThanOrEqual(1);
    }
  });

  it('creates a topic with its partitions beside a one-partition dead-letter twin', () => {
    expect(topicWithDeadLetters(TOPICS.analyticsEventBatches)).toEqual([
      { topic: 'analytics.event-batches.v1', partitions: 3 },
      { topic: 'analytics.event-batches.v1.dlq', partitions: 1 },
    ]);
  });

  it('gives referrals several partitions, mailed side by side by the referral service', () => {
    expect(topicWithDeadLetters(TOPICS.referralsRequested)).toEqual([
      { topic: 'referrals.requested.v1', partitions: 6 },
      { topic: 'referrals.requested.v1.dlq', partitions: 1 },
    ]);
  });
});
