import { type Admin } from 'kafkajs';
import { ensureTopics } from './kafka-client';

/** A stand-in for the Kafka admin client (not our code) holding topics and their partition counts. */
function fakeAdmin(topics: Record<string, number>, options: { growsConcurrently?: boolean } = {}) {
  const calls: string[] = [];
  const admin = {
    listTopics: async () => Object.keys(topics),
    createTopics: async ({
      topics: created,
    }: {
      topics: Array<{ topic: string; numPartitions: number }>;
    }) => {
      calls.push(`create ${created.map((t) => `${t.topic}:${t.numPartitions}`).join(',')}`);
      for (const t of created) topics[t.topic] = t.numPartitions;
      return true;
    },
    fetchTopicMetadata: async ({ topics: names }: { topics: string[] }) => ({
      topics: names.map((name) => ({
        name,
        partitions: Array.from({ length: topics[name] ?? 0 }, (_, partitionId) => ({
          partitionId,
        })),
      })),
    }),
    createPartitions: async ({
      topicPartitions,
    }: {
      topicPartitions: Array<{ topic: string; count: number }>;
    }) => {
      calls.push(`grow ${topicPartitions.map((t) => `${t.topic}:${t.count}`).join(',')}`);
      for (const t of topicPartitions) topics[t.topic] = t.count;
      // Another service grew them first: Kafka refuses the same count again.
      if (options.growsConcurrently) throw new Error('Number of partitions is invalid');
    },
  } as unknown as Admin;
  return { admin, calls, topics };
}

describe('ensureTopics', () => {
  it('creates the missing topics with their partitions', async () => {
    const { admin, calls, topics } = fakeAdmin({ other: 1 });
    await ensureTopics(admin, [
      { topic: 'a', partitions: 3 },
      { topic: 'a.dlq', partitions: 1 },
    ]);
    expect(calls).toEqual(['create a:3,a.dlq:1']);
    expect(topics).toEqual({ other: 1, a: 3, 'a.dlq': 1 });
  });

  it('grows a topic that has fewer partitions than declared, and only that one', async () => {
    const { admin, calls, topics } = fakeAdmin({ a: 1, 'a.dlq': 1, b: 4 });
    await ensureTopics(admin, [
      { topic: 'a', partitions: 6 },
      { topic: 'a.dlq', partitions: 1 },
      { topic: 'b', partitions: 2 },
    ]);
    expect(calls).toEqual(['grow a:6']);
    // More than declared is left alone: Kafka cannot shrink a topic.
    expect(topics).toEqual({ a: 6, 'a.dlq': 1, b: 4 });
  });

  it('does nothing when every topic is there with enough partitions', async () => {
    const { admin, calls } = fakeAdmin({ a: 6, 'a.dlq': 1 });
    await ensureTopics(admin, [
      { topic: 'a', partitions: 6 },
      { topic: 'a.dlq', partitions: 1 },
    ]);
    expect(calls).toEqual([]);
  });

  it('is content when another service grew the topic at the same moment', async () => {
    const { admin, topics } = fakeAdmin({ a: 1 }, { growsConcurrently: true });
    await expect(ensureTopics(admin, [{ topic: 'a', partitions: 6 }])).resolves.toBeUndefined();
    expect(topics.a).toBe(6);
  });

  it('fails when the topic could not be grown', async () => {
    const { admin } = fakeAdmin({ a: 1 });
    (admin as unknown as { createPartitions: () => Promise<void> }).createPartitions = async () => {
      throw new Error('not allowed');
    };
    await expect(ensureTopics(admin, [{ topic: 'a', partitions: 6 }])).rejects.toThrow(
      'not allowed',
    );
  });
});
