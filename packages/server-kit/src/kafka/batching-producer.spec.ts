import { type Producer, type ProducerBatch } from 'kafkajs';
import { BatchingProducer, ProducerBufferFullError } from './batching-producer';

/** A stand-in for the Kafka client (not our code) that records what it was asked to send. */
function fakeProducer(behaviour: (batch: ProducerBatch) => Promise<void> = async () => undefined) {
  const batches: ProducerBatch[] = [];
  const producer = {
    sendBatch: async (batch: ProducerBatch) => {
      batches.push(batch);
      await behaviour(batch);
      return [];
    },
  } as unknown as Producer;
  return { producer, batches };
}

const msg = (value: string) => ({ value });

describe('BatchingProducer', () => {
  it('combines sends that arrive within the linger time into one Kafka request with acks=-1', async () => {
    const { producer, batches } = fakeProducer();
    const batching = new BatchingProducer(producer, {
      lingerMs: 20,
      maxBatchSize: 100,
      maxBuffered: 1000,
    });
    await Promise.all([
      batching.send('t', [msg('a')]),
      batching.send('t', [msg('b')]),
      batching.send('u', [msg('c')]),
    ]);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.acks).toBe(-1);
    expect(batches[0]?.topicMessages).toEqual([
      { topic: 't', messages: [msg('a'), msg('b')] },
      { topic: 'u', messages: [msg('c')] },
    ]);
  });

  it('sends at once when a batch is full', async () => {
    const { producer, batches } = fakeProducer();
    const batching = new BatchingProducer(producer, {
      lingerMs: 10_000,
      maxBatchSize: 2,
      maxBuffered: 1000,
    });
    await batching.send('t', [msg('a'), msg('b')]);
    expect(batches).toHaveLength(1);
  });

  it('rejects every caller of a failed batch so none of them claims success', async () => {
    const { producer } = fakeProducer(async () => {
      throw new Error('broker down');
    });
    const batching = new BatchingProducer(producer, {
      lingerMs: 1,
      maxBatchSize: 100,
      maxBuffered: 1000,
    });
    const results = await Promise.allSettled([
      batching.send('t', [msg('a')]),
      batching.send('t', [msg('b')]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(batching.buffered).toBe(0);
  });

  it('refuses new messages beyond its bound instead of dropping any', async () => {
    let release: () => void = () => undefined;
    const { producer } = fakeProducer(() => new Promise<void>((resolve) => (release = resolve)));
    const batching = new BatchingProducer(producer, {
      lingerMs: 1,
      maxBatchSize: 2,
      maxBuffered: 3,
    });
    const first = batching.send('t', [msg('a'), msg('b')]);
    await expect(batching.send('t', [msg('c'), msg('d')])).rejects.toBeInstanceOf(
      ProducerBufferFullError,
    );
    expect(batching.buffered).toBe(2);
    release();
    await first;
    await batching.drain();
    expect(batching.buffered).toBe(0);
  });

  it('counts each send by the weight its caller gives', async () => {
    let release: () => void = () => undefined;
    const { producer, batches } = fakeProducer(
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    const batching = new BatchingProducer(producer, {
      lingerMs: 60_000,
      maxBatchSize: 10,
      maxBuffered: 15,
    });
    const first = batching.send('t', [msg('ten events')], 10);
    expect(batches).toHaveLength(1);
    expect(batching.buffered).toBe(10);
    await expect(batching.send('t', [msg('six events')], 6)).rejects.toBeInstanceOf(
      ProducerBufferFullError,
    );
    release();
    await first;
    await batching.drain();
    expect(batching.buffered).toBe(0);
  });

  it('drain sends what is waiting', async () => {
    const { producer, batches } = fakeProducer();
    const batching = new BatchingProducer(producer, {
      lingerMs: 60_000,
      maxBatchSize: 100,
      maxBuffered: 100,
    });
    const sent = batching.send('t', [msg('a')]);
    await batching.drain();
    await sent;
    expect(batches).toHaveLength(1);
  });
});
