import { type ICustomPartitioner, Partitioners } from 'kafkajs';

const SEED = 0x9747b28c;
const M = 0x5bd1e995;

/**
 * Kafka's murmur2 (the Java client's `Utils.murmur2`) of a key's UTF-8 bytes, in 32-bit integer
 * arithmetic. kafkajs's own gives the same numbers but builds several Long objects for every four
 * bytes of every key: under load that was 7 % of what the gateway allocated.
 */
export function murmur2(key: Buffer | string): number {
  const data = typeof key === 'string' ? Buffer.from(key) : key;
  const length = data.length;
  let h = SEED ^ length;
  const whole = length & ~3;
  for (let i = 0; i < whole; i += 4) {
    let k = data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24);
    k = Math.imul(k, M);
    k ^= k >>> 24;
    k = Math.imul(k, M);
    h = Math.imul(h, M) ^ k;
  }
  const rest = length & 3;
  if (rest > 0) {
    if (rest === 3) h ^= data[whole + 2]! << 16;
    if (rest >= 2) h ^= data[whole + 1]! << 8;
    h ^= data[whole]!;
    h = Math.imul(h, M);
  }
  h ^= h >>> 13;
  h = Math.imul(h, M);
  h ^= h >>> 15;
  return h | 0;
}

/** The partition a keyed message goes to among `partitions`, as Java's client and KeyPartitioner choose it. */
export function keyPartition(key: Buffer | string, partitions: number): number {
  return (murmur2(key) & 0x7fffffff) % partitions;
}

/**
 * kafkajs's DefaultPartitioner (Java's), choosing the same partition for every message: a
 * message's own partition, else murmur2 of its key, else kafkajs's round robin over the
 * partitions with a leader. Only the hash is our own (murmur2).
 */
export const KeyPartitioner: ICustomPartitioner = () => {
  const withoutKey = Partitioners.DefaultPartitioner();
  return (args) => {
    const { message, partitionMetadata } = args;
    if (message.partition !== null && message.partition !== undefined) return message.partition;
    if (message.key !== null && message.key !== undefined) {
      return keyPartition(message.key, partitionMetadata.length);
    }
    return withoutKey(args);
  };
};
