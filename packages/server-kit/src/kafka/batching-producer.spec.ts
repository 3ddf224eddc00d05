import { type Message, type Producer, type ProducerBatch } from 'kafkajs';
import {
  BatchingProducer,
  type BatchingOptions,
  MESSAGE_OVERHEAD_BYTES,
  ProducerBufferFullError,
  joinedPerPartition,
  messageBytes,
} from './batching-producer';
import { keyPartition } from './key-partitioner';
import { PartitionCounts } from './partition-counts';
import { eventually } from '../testing/infra';

/** A stand-in for the Kafka client (not our code) that records what it was asked to send. */
function fakeProducer(behaviour: (batch: ProducerBatch) => Promise<void> = async () => undefined) {
  const batches: ProducerBatch[] = [];
  const delivered: string[] = [];
  const producer = {
    sendBatch: async (batch: ProducerBatch) => {
      batches.push(batch);
      await behaviour(batch);
      for (const { messages } of batch.topicMessages ?? []) {
        delivered.push(...messages.map((m: Message) => String(m.value)));
      }
      return [];
    },
  } as unknown as Producer;
  return { producer, batches, delivered };
}

const msg = (value: string) => ({ value });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Waits until `done()` holds: a fixed sleep raced the producer's own timers when CI's other
 * suites kept the machine busy. The limit stays far below any linger the tests rely on.
 */
const waitUntil = (done: () => boolean) =>
  eventually(async () => (done() ? true : undefined), 2000, 2);
const options = (extra: Partial<BatchingOptions> = {}): BatchingOptions => ({
  lingerMs: 5,
  maxBatchSize: 100,
  maxBuffered: 1000,
  retryMinMs: 5,
  retryMaxMs: 20,
  ...extra,
});

describe('BatchingProducer', () => {
  it('combines sends that arrive within the linger time into one Kafka request with acks=-1', async () => {
    const { producer, batches } = fakeProducer();
    const batching = new BatchingProducer(producer, options({ lingerMs: 20 }));
    batching.send('t', [msg('a')]);
    batching.send('t', [msg('b')]);
    batching.send('u', [msg('c')]);
    expect(batching.buffered).toBe(3);
    expect(await batching.drain()).toBe(0);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.acks).toBe(-1);
    expect(batches[0]?.topicMessages).toEqual([
      { topic: 't', messages: [msg('a'), msg('b')] },
      { topic: 'u', messages: [msg('c')] },
    ]);
    expect(batching.buffered).toBe(0);
  });

  it('waits no longer than the linger time for company', async () => {
    const { producer, batches } = fakeProducer();
    const batching = new BatchingProducer(producer, options({ lingerMs: 200 }));
    batching.send('t', [msg('a')]);
    await sleep(1);
    expect(batches).toHaveLength(0);
    await sleep(400);
    expect(batches).toHaveLength(1);
  });

  it('sends full batches at once, never more than a batch per Kafka request', async () => {
    const { producer, batches, delivered } = fakeProducer();
    const batching = new BatchingProducer(producer, options({ lingerMs: 60_000, maxBatchSize: 2 }));
    for (const value of ['a', 'b', 'c', 'd', 'e']) batching.send('t', [msg(value)]);
    // The one left over had waited as long as the rest: it follows without lingering (a minute).
    await waitUntil(() => delivered.length === 5);
    expect(batches.map((b) => b.topicMessages?.[0]?.messages.length)).toEqual([2, 2, 1]);
    expect(delivered).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(batching.buffered).toBe(0);
  });

  it('sends batches full by bytes at once, never more bytes per Kafka request; a larger send alone', async () => {
    const { producer, batches, delivered } = fakeProducer();
    const each = MESSAGE_OVERHEAD_BYTES + 100;
    const batching = new BatchingProducer(
      producer,
      options({ lingerMs: 60_000, maxBatchSize: 1000, maxBatchBytes: 2 * each }),
    );
    const value = (name: string, size = 100) => ({ value: name.padEnd(size, '.') });
    batching.send('t', [value('a')]);
    batching.send('t', [value('b')]);
    batching.send('t', [value('c', 1000)]);
    batching.send('t', [value('d')]);
    await waitUntil(() => delivered.length === 4);
    expect(
      batches.map((b) => b.topicMessages?.[0]?.messages.map((m) => String(m.value)[0])),
    ).toEqual([['a', 'b'], ['c'], ['d']]);
    expect(batching.bufferedBytes).toBe(0);
  });

  it('keeps sending full batches while sends keep coming faster than a timer tick', async () => {
    const { producer, batches } = fakeProducer();
    const batching = new BatchingProducer(
      producer,
      options({ lingerMs: 5, maxBatchSize: 10, maxBuffered: 100_000 }),
    );
    // A saturated event loop for 100 ms: each turn handles ten requests of
    // 0.1 ms. Re-arming the send timer on each send kept pushing it out, and
    // the buffer filled with nothing in flight.
    let sent = 0;
    const end = performance.now() + 100;
    const sentUnderLoad = await new Promise<number>((resolve) => {
      const turn = () => {
        for (let i = 0; i < 10; i++) {
          batching.send('t', [msg('x')]);
          sent += 1;
          const until = performance.now() + 0.1;
          while (performance.now() < until); // the rest of the request's work
        }
        if (performance.now() < end) setImmediate(turn);
        else resolve(batches.length);
      };
      turn();
    });
    expect(sentUnderLoad).toBeGreaterThanOrEqual(sent / 10 / 2);
    expect(await batching.drain()).toBe(0);
  });

  it('keeps a batch Kafka refused and retries it, in order, until Kafka takes it', async () => {
    let failures = 2;
    const { producer, delivered } = fakeProducer(async () => {
      if (failures-- > 0) throw new Error('broker down');
    });
    const retries: number[] = [];
    let recoveredAfter = 0;
    const batching = new BatchingProducer(
      producer,
      options({
        onRetry: (_error, held) => retries.push(held),
        onRecovered: (attempts) => (recoveredAfter = attempts),
      }),
    );
    batching.send('t', [msg('a'), msg('b')]);
    await sleep(8);
    batching.send('t', [msg('c')]);
    expect(await batching.drain(2000)).toBe(0);
    expect(delivered).toEqual(['a', 'b', 'c']);
    expect(retries.length).toBe(2);
    expect(retries[0]).toBeGreaterThanOrEqual(2);
    expect(recoveredAfter).toBe(2);
  });

  it('refuses new messages beyond its bound, counting those in flight, and takes none of them', async () => {
    let release: () => void = () => undefined;
    const { producer, delivered } = fakeProducer(
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    const batching = new BatchingProducer(producer, options({ maxBatchSize: 2, maxBuffered: 3 }));
    batching.send('t', [msg('a'), msg('b')]);
    await sleep(10); // in flight now
    expect(() => batching.send('t', [msg('c'), msg('d')])).toThrow(ProducerBufferFullError);
    expect(batching.buffered).toBe(2);
    release();
    expect(await batching.drain()).toBe(0);
    expect(delivered).toEqual(['a', 'b']);
  });

  it('keeps at most maxInFlight Kafka requests waiting for their acks', async () => {
    const releases: (() => void)[] = [];
    const { producer, batches, delivered } = fakeProducer(
      () => new Promise<void>((resolve) => releases.push(resolve)),
    );
    const batching = new BatchingProducer(producer, options({ maxBatchSize: 1, maxInFlight: 2 }));
    for (const value of ['a', 'b', 'c', 'd']) batching.send('t', [msg(value)]);
    await waitUntil(() => batches.length === 2);
    await sleep(20);
    expect(batches).toHaveLength(2);
    releases.splice(0).forEach((release) => release());
    await waitUntil(() => batches.length === 4);
    releases.splice(0).forEach((release) => release());
    expect(await batching.drain()).toBe(0);
    expect(delivered.sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('counts each send by the weight its caller gives', () => {
    const { producer } = fakeProducer();
    const batching = new BatchingProducer(producer, options({ maxBuffered: 15 }));
    batching.send('t', [msg('ten events')], 10);
    expect(batching.buffered).toBe(10);
    expect(() => batching.send('t', [msg('six events')], 6)).toThrow(ProducerBufferFullError);
    batching.send('t', [msg('five events')], 5);
    expect(batching.buffered).toBe(15);
  });

  it('drain says how much is still undelivered when Kafka stays away past its deadline', async () => {
    const { producer } = fakeProducer(async () => {
      throw new Error('broker down');
    });
    const batching = new BatchingProducer(producer, options());
    batching.send('t', [msg('a')]);
    batching.send('t', [msg('b')]);
    expect(await batching.drain(50)).toBe(2);
    // Stopped: nothing more is taken that nobody would deliver.
    expect(() => batching.send('t', [msg('c')])).toThrow(/shut down/);
  });
});

describe('BatchingProducer byte bound', () => {
  it('refuses what would take it over maxBufferedBytes, however few messages it holds', async () => {
    let release: () => void = () => undefined;
    const { producer } = fakeProducer(() => new Promise<void>((resolve) => (release = resolve)));
    const big = Buffer.alloc(10_000);
    const perMessage = messageBytes([{ value: big }]);
    const batching = new BatchingProducer(
      producer,
      options({ maxBuffered: 1_000_000, maxBufferedBytes: perMessage * 3 }),
    );
    batching.send('t', [{ value: big }]);
    batching.send('t', [{ value: big }]);
    batching.send('t', [{ value: big }]);
    expect(batching.bufferedBytes).toBe(perMessage * 3);
    expect(() => batching.send('t', [{ value: big }])).toThrow(ProducerBufferFullError);
    // Small messages still fit in what is left; in flight counts too.
    await sleep(20);
    expect(batching.bufferedBytes).toBe(perMessage * 3);
    release();
    expect(await batching.drain()).toBe(0);
    expect(batching.bufferedBytes).toBe(0);
  });

  it('counts value, key and headers, and is unbounded when no byte limit is given', () => {
    expect(messageBytes([{ value: 'abc', key: 'k', headers: { h: 'vv' } }])).toBe(
      MESSAGE_OVERHEAD_BYTES + 3 + 1 + 3,
    );
    const { producer } = fakeProducer(() => new Promise<void>(() => undefined));
    const batching = new BatchingProducer(producer, options({ maxBuffered: 10 }));
    batching.send('t', [{ value: Buffer.alloc(50_000_000) }]);
    expect(batching.bufferedBytes).toBeGreaterThan(50_000_000);
  });
});

describe('BatchingProducer joinPerPartition', () => {
  const keyed = (key: string, value: string) => ({ key, value: Buffer.from(value) });
  /** Keys whose partitions among 3 are 0, 0, 1, 2 and 0 (Kafka's murmur2, KeyPartitioner). */
  const keys = ['session-4', 'session-7', 'session-1', 'session-2', 'session-8'];

  it('sends one record per partition, values joined in the order taken, keyed by the first', async () => {
    expect(keys.map((key) => keyPartition(key, 3))).toEqual([0, 0, 1, 2, 0]);
    const { producer, batches } = fakeProducer();
    const batching = new BatchingProducer(
      producer,
      options({ lingerMs: 20, joinPerPartition: (topic) => (topic === 't' ? 3 : undefined) }),
    );
    keys.forEach((key, i) => batching.send('t', [keyed(key, String(i))]));
    batching.send('u', [keyed(keys[0]!, 'u0'), keyed(keys[1]!, 'u1')]);
    expect(await batching.drain()).toBe(0);
    const [t, u] = batches[0]?.topicMessages ?? [];
    expect(t?.messages.map((m) => [m.key, String(m.value)])).toEqual([
      [keys[0], '014'],
      [keys[2], '2'],
      [keys[3], '3'],
    ]);
    // A topic whose partitions are not known goes as it is.
    expect(u?.messages.map((m) => String(m.value))).toEqual(['u0', 'u1']);
  });

  it('leaves messages without a key, with headers or with text values as they are', () => {
    const alone = [
      { value: Buffer.from('no key') },
      { key: keys[0], value: Buffer.from('headers'), headers: { a: 'b' } },
      { key: keys[0], value: 'text' },
    ];
    const joined = joinedPerPartition([...alone, keyed(keys[1]!, 'x'), keyed(keys[4]!, 'y')], 3);
    expect(joined.slice(0, 3)).toEqual(alone);
    expect(joined.slice(3).map((m) => [m.key, String(m.value)])).toEqual([[keys[1], 'xy']]);
  });
});

describe('PartitionCounts', () => {
  it('answers undefined until the first read, then the count, and reads again once it is old', async () => {
    let clock = 0;
    const reads: string[] = [];
    let count = 3;
    const counts = new PartitionCounts(
      async (topic) => {
        reads.push(topic);
        return count;
      },
      1000,
      100,
      () => clock,
    );
    expect(counts.of('t')).toBeUndefined();
    await sleep(0);
    expect(counts.of('t')).toBe(3);
    expect(reads).toEqual(['t']);
    count = 6;
    clock = 999;
    expect(counts.of('t')).toBe(3);
    clock = 1000;
    expect(counts.of('t')).toBe(3); // the read starts now; its answer comes after
    await sleep(0);
    expect(counts.of('t')).toBe(6);
    expect(reads).toEqual(['t', 't']);
  });

  it('reads one topic once at a time, and tries a failed read again after the retry time', async () => {
    let clock = 0;
    let reads = 0;
    let fail = true;
    const counts = new PartitionCounts(
      async () => {
        reads += 1;
        await sleep(5);
        if (fail) throw new Error('Kafka is away');
        return 2;
      },
      1000,
      100,
      () => clock,
    );
    counts.of('t');
    counts.of('t');
    await sleep(20);
    expect(reads).toBe(1);
    clock = 99;
    expect(counts.of('t')).toBeUndefined();
    expect(reads).toBe(1);
    fail = false;
    clock = 100;
    counts.of('t');
    await sleep(20);
    expect(counts.of('t')).toBe(2);
    expect(reads).toBe(2);
  });
});
