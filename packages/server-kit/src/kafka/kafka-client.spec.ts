import { type Admin } from 'kafkajs';
import { ensureTopics } from './kafka-client';

interface FakeTopic {
  partitions: number;
  replicas: number;
  config: Record<string, string>;
}

/** A stand-in for the Kafka admin client (not our code) holding topics, their replicas and configs. */
function fakeAdmin(topics: Record<string, FakeTopic>) {
  const calls: string[] = [];
  const admin = {
    listTopics: async () => Object.keys(topics),
    createTopics: async ({
      topics: created,
    }: {
      topics: Array<{
        topic: string;
        numPartitions: number;
        replicationFactor: number;
        configEntries: Array<{ name: string; value: string }>;
      }>;
    }) => {
      for (const t of created) {
        const config = Object.fromEntries(t.configEntries.map((e) => [e.name, e.value]));
        calls.push(
          `create ${t.topic}:${t.numPartitions}x${t.replicationFactor} ${JSON.stringify(config)}`,
        );
        topics[t.topic] = { partitions: t.numPartitions, replicas: t.replicationFactor, config };
      }
      return true;
    },
    fetchTopicMetadata: async ({ topics: names }: { topics: string[] }) => ({
      topics: names.map((name) => ({
        name,
        partitions: Array.from({ length: topics[name]!.partitions }, (_, partitionId) => ({
          partitionId,
          leader: 0,
          replicas: Array.from({ length: topics[name]!.replicas }, (_, id) => id),
        })),
      })),
    }),
    describeConfigs: async ({ resources }: { resources: Array<{ name: string }> }) => ({
      resources: resources.map(({ name }) => ({
        resourceName: name,
        configEntries: Object.entries({ 'min.insync.replicas': '1', ...topics[name]!.config }).map(
          ([configName, configValue]) => ({
            configName,
            configValue,
            isDefault: !(configName in topics[name]!.config),
            isSensitive: false,
            configSource: configName in topics[name]!.config ? 1 : 5,
          }),
        ),
      })),
    }),
    alterConfigs: async ({
      resources,
    }: {
      resources: Array<{ name: string; configEntries: Array<{ name: string; value: string }> }>;
    }) => {
      for (const r of resources) {
        calls.push(
          `alter ${r.name} ${r.configEntries.map((e) => `${e.name}=${e.value}`).join(',')}`,
        );
        topics[r.name]!.config = Object.fromEntries(r.configEntries.map((e) => [e.name, e.value]));
      }
    },
    createPartitions: async () => {
      calls.push('grow');
    },
  } as unknown as Admin;
  return { admin, calls, topics };
}

const CLUSTER = { replicationFactor: 3, minInsyncReplicas: 2, partitions: {} };

describe('ensureTopics', () => {
  it('creates the missing topics with their partitions, replicas, min.insync.replicas and retention', async () => {
    const { admin, calls } = fakeAdmin({ other: { partitions: 1, replicas: 3, config: {} } });
    const found = await ensureTopics(
      admin,
      [
        { topic: 'a', partitions: 3 },
        { topic: 'a.dlq', partitions: 1, retentionMs: 1000 },
      ],
      CLUSTER,
    );
    expect(calls).toEqual([
      'create a:3x3 {"min.insync.replicas":"2"}',
      'create a.dlq:1x3 {"min.insync.replicas":"2","retention.ms":"1000"}',
    ]);
    expect(found).toEqual([]);
  });

  it('creates with one copy by default (the local single broker)', async () => {
    const { admin, calls } = fakeAdmin({});
    await ensureTopics(admin, [{ topic: 'a', partitions: 2 }]);
    expect(calls).toEqual(['create a:2x1 {"min.insync.replicas":"1"}']);
  });

  it('takes partitions per topic and a default retention from the settings', async () => {
    const { admin, calls } = fakeAdmin({});
    await ensureTopics(
      admin,
      [
        { topic: 'a', partitions: 3 },
        { topic: 'b', partitions: 1, retentionMs: 5 },
      ],
      {
        ...CLUSTER,
        partitions: { a: 6 },
        retentionMs: 7200,
      },
    );
    expect(calls).toEqual([
      'create a:6x3 {"min.insync.replicas":"2","retention.ms":"7200"}',
      'create b:1x3 {"min.insync.replicas":"2","retention.ms":"5"}',
    ]);
  });

  it('reports, and never changes, topics with fewer partitions, replicas or min.insync.replicas', async () => {
    const { admin, calls } = fakeAdmin({
      a: { partitions: 1, replicas: 1, config: {} },
      b: { partitions: 6, replicas: 3, config: { 'min.insync.replicas': '2' } },
      c: { partitions: 8, replicas: 3, config: { 'min.insync.replicas': '1' } },
    });
    const found = await ensureTopics(
      admin,
      [
        { topic: 'a', partitions: 6 },
        { topic: 'b', partitions: 6 },
        { topic: 'c', partitions: 6 },
      ],
      CLUSTER,
    );
    expect(calls).toEqual([]);
    expect(found).toEqual([
      { topic: 'a', setting: 'partitions', configured: 6, actual: 1 },
      { topic: 'a', setting: 'replication_factor', configured: 3, actual: 1 },
      { topic: 'a', setting: 'min_insync_replicas', configured: 2, actual: 1 },
      { topic: 'c', setting: 'min_insync_replicas', configured: 2, actual: 1 },
    ]);
  });

  it('corrects the retention of an existing topic, keeping its other overrides', async () => {
    const { admin, calls } = fakeAdmin({
      a: {
        partitions: 1,
        replicas: 1,
        config: { 'retention.ms': '9', 'cleanup.policy': 'delete' },
      },
    });
    await ensureTopics(admin, [{ topic: 'a', partitions: 1, retentionMs: 5 }]);
    expect(calls).toEqual(['alter a cleanup.policy=delete,retention.ms=5']);
  });

  it('waits until the broker asked knows a topic just created (a cluster spreads it a moment later)', async () => {
    const { admin } = fakeAdmin({});
    const fetch = admin.fetchTopicMetadata.bind(admin);
    let asked = 0;
    admin.fetchTopicMetadata = async (request) => {
      asked += 1;
      if (asked === 1) {
        throw Object.assign(new Error('This server does not host this topic-partition'), {
          type: 'UNKNOWN_TOPIC_OR_PARTITION',
        });
      }
      return fetch(request);
    };
    await expect(ensureTopics(admin, [{ topic: 'a', partitions: 1 }])).resolves.toEqual([]);
    expect(asked).toBe(2);
  });
});
