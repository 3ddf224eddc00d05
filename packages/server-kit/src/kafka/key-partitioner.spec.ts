import { randomBytes, randomUUID } from 'node:crypto';
import { Partitioners, type PartitionMetadata } from 'kafkajs';
import { KeyPartitioner, murmur2 } from './key-partitioner';

// kafkajs's own hash, which ours must equal bit for bit: a key's partition may not move.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- not in kafkajs's typings
const kafkajsMurmur2 = require('kafkajs/src/producer/partitioners/default/murmur2') as (
  key: Buffer | string,
) => number;

const partitions = (count: number): PartitionMetadata[] =>
  Array.from({ length: count }, (_, partitionId) => ({
    partitionId,
    leader: 1,
    partitionErrorCode: 0,
    replicas: [1],
    isr: [1],
  }));

describe('murmur2', () => {
  it("equals kafkajs's for keys of every length, text and bytes", () => {
    const keys: (string | Buffer)[] = ['', 'a', 'ab', 'abc', 'abcd', 'héllo wörld ✓', '日本語'];
    for (let i = 0; i < 500; i++) keys.push(randomUUID(), randomBytes(i % 67));
    for (const key of keys) expect(murmur2(key)).toBe(kafkajsMurmur2(key));
  });

  it("gives Kafka's known values", () => {
    // From Apache Kafka's UtilsTest.testMurmur2.
    expect(murmur2(Buffer.from('21'))).toBe(-973932308);
    expect(murmur2(Buffer.from('foobar'))).toBe(-790332482);
    expect(murmur2(Buffer.from('a-little-bit-long-string'))).toBe(-985981536);
    expect(murmur2(Buffer.from('a-little-bit-longer-string'))).toBe(-1486304829);
    expect(murmur2(Buffer.from('lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8'))).toBe(
      -58897971,
    );
    expect(murmur2(Buffer.from([97, 98, 99]))).toBe(479470107);
  });
});

describe('KeyPartitioner', () => {
  it("puts every keyed message where kafkajs's DefaultPartitioner puts it", () => {
    const ours = KeyPartitioner();
    const theirs = Partitioners.DefaultPartitioner();
    for (const count of [1, 3, 6]) {
      for (let i = 0; i < 300; i++) {
        const args = {
          topic: 't',
          partitionMetadata: partitions(count),
          message: { key: randomUUID(), value: 'v' },
        };
        expect(ours(args)).toBe(theirs(args));
      }
    }
  });

  it("keeps a message's own partition, and spreads messages without a key", () => {
    const ours = KeyPartitioner();
    const metadata = partitions(3);
    expect(
      ours({
        topic: 't',
        partitionMetadata: metadata,
        message: { partition: 2, key: 'k', value: 'v' },
      }),
    ).toBe(2);
    const chosen = new Set(
      Array.from({ length: 9 }, () =>
        ours({ topic: 't', partitionMetadata: metadata, message: { value: 'v' } }),
      ),
    );
    expect(chosen).toEqual(new Set([0, 1, 2]));
  });
});
