import { describeShortfall, shortfalls, withPolicy } from './topic-settings';

const POLICY = { replicationFactor: 3, minInsyncReplicas: 2, partitions: { a: 6 } };

describe('withPolicy', () => {
  it('overrides partitions by name and leaves a retention of its own', () => {
    expect(
      withPolicy(
        [
          { topic: 'a', partitions: 3 },
          { topic: 'b', partitions: 1, retentionMs: 5 },
        ],
        { ...POLICY, retentionMs: 100 },
      ),
    ).toEqual([
      { topic: 'a', partitions: 6, retentionMs: 100 },
      { topic: 'b', partitions: 1, retentionMs: 5 },
    ]);
  });
});

describe('shortfalls', () => {
  it('finds what is below the settings and ignores what is above', () => {
    const states = new Map([
      ['a', { partitions: 12, replicationFactor: 2, minInsyncReplicas: 3 }],
      ['b', { partitions: 1, replicationFactor: 3, minInsyncReplicas: 2 }],
    ]);
    expect(
      shortfalls(
        [
          { topic: 'a', partitions: 6 },
          { topic: 'b', partitions: 2 },
          { topic: 'new', partitions: 2 },
        ],
        POLICY,
        states,
      ),
    ).toEqual([
      { topic: 'a', setting: 'replication_factor', configured: 3, actual: 2 },
      { topic: 'b', setting: 'partitions', configured: 2, actual: 1 },
    ]);
  });

  it('describes one so that an operator knows what to do', () => {
    expect(describeShortfall({ topic: 't', setting: 'partitions', configured: 6, actual: 1 })).toBe(
      'Kafka topic t has 1 partitions, fewer than the 6 configured; it is used as it is: grow it with kafka-topics.sh --alter --partitions (keys then map to other partitions)',
    );
  });
});
