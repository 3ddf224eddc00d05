import { setTimeout as sleep } from 'node:timers/promises';
import { type Consumer, type EachBatchPayload } from 'kafkajs';
import { Metrics } from '../metrics/metrics.service';
import { ConsumerMetrics, FIRST_START_ATTEMPTS, runBatchConsumer } from './consumers';

// kafkajs's side of a batch consumer, kept to what runBatchConsumer calls: the batch handler
// it is given is called here by hand, with a heartbeat that counts its calls.
function fakeConsumer() {
  let eachBatch: ((payload: EachBatchPayload) => Promise<void>) | undefined;
  const crashListeners: ((event: { payload: { error: Error; restart: boolean } }) => void)[] = [];
  const calls = { connect: 0, subscribe: 0, run: 0, disconnect: 0 };
  const consumer = {
    events: { CRASH: 'consumer.crash' },
    on: (name: string, listener: (typeof crashListeners)[number]) => {
      if (name === 'consumer.crash') crashListeners.push(listener);
    },
    connect: async () => {
      calls.connect += 1;
    },
    subscribe: async () => {
      calls.subscribe += 1;
    },
    run: async (config: { eachBatch: (payload: EachBatchPayload) => Promise<void> }) => {
      calls.run += 1;
      eachBatch = config.eachBatch;
    },
    commitOffsets: async () => undefined,
    disconnect: async () => {
      calls.disconnect += 1;
    },
  } as unknown as Consumer;
  /** As kafkajs reports a crash, having disconnected; `restart` says whether it starts again itself. */
  const crash = (restart: boolean) => {
    for (const listener of crashListeners) {
      listener({
        payload: { error: new Error('The coordinator is not aware of this member'), restart },
      });
    }
  };
  const deliver = async () => {
    const beats: number[] = [];
    const payload = {
      batch: {
        topic: 'events',
        partition: 0,
        highWatermark: '2',
        messages: [{ offset: '1', key: null, value: Buffer.from('x'), headers: {} }],
        firstOffset: () => '1',
        lastOffset: () => '1',
      },
      resolveOffset: () => undefined,
      heartbeat: async () => {
        beats.push(Date.now());
      },
      isRunning: () => true,
      isStale: () => false,
    } as unknown as EachBatchPayload;
    await eachBatch!(payload);
    return beats;
  };
  return { consumer, deliver, crash, calls };
}

describe('runBatchConsumer', () => {
  /** A consumer whose batches are handled at once; restarts after 10 ms, then up to `maxMs`. */
  const startDone = (consumer: Consumer, metrics = new Metrics('test'), maxMs = 10) =>
    runBatchConsumer(
      consumer,
      { groupId: 'g', topic: 'events' },
      async () => 'done',
      new ConsumerMetrics(metrics),
      20,
      { firstMs: 10, maxMs },
    );

  it('starts the consumer again after a crash kafkajs will not retry, and counts it', async () => {
    const { consumer, crash, calls } = fakeConsumer();
    const counted = new Metrics('test');
    await startDone(consumer, counted);
    expect(calls).toEqual({ connect: 1, subscribe: 1, run: 1, disconnect: 0 });
    crash(false);
    await sleep(100);
    expect(calls).toEqual({ connect: 2, subscribe: 2, run: 2, disconnect: 0 });
    expect(
      await counted.registry.getSingleMetricAsString('kafka_consumer_restarts_total'),
    ).toContain('kafka_consumer_restarts_total{group="g",service="test"} 1');
  });

  it('leaves a crash kafkajs retries to kafkajs, and a stopped consumer stopped', async () => {
    const { consumer, crash, calls } = fakeConsumer();
    const running = await startDone(consumer);
    crash(true);
    await sleep(60);
    expect(calls.run).toBe(1);
    crash(false);
    await running.stop();
    await sleep(60);
    expect(calls.run).toBe(1);
  });

  it('tries a first start again while kafkajs calls its failure retriable, and no other', async () => {
    const { consumer, calls } = fakeConsumer();
    const subscribe = consumer.subscribe.bind(consumer);
    let refusals = 2;
    const notYet = () =>
      Object.assign(new Error('This server does not host this topic-partition'), {
        retriable: true,
      });
    consumer.subscribe = async (topics) => {
      if (refusals-- > 0) throw notYet();
      await subscribe(topics);
    };
    await startDone(consumer);
    expect(calls).toEqual({ connect: 3, subscribe: 1, run: 1, disconnect: 0 });

    const never = fakeConsumer();
    never.consumer.subscribe = async () => {
      throw notYet();
    };
    await expect(startDone(never.consumer)).rejects.toThrow('does not host');
    expect(never.calls.connect).toBe(FIRST_START_ATTEMPTS);

    const refused = fakeConsumer();
    refused.consumer.subscribe = async () => {
      throw new Error('Not authorized to access topics');
    };
    await expect(startDone(refused.consumer)).rejects.toThrow('Not authorized');
    expect(refused.calls.connect).toBe(1);
  });

  it('keeps trying, with backoff, while starting again fails', async () => {
    const { consumer, crash, calls } = fakeConsumer();
    await startDone(consumer, undefined, 20);
    const connect = consumer.connect.bind(consumer);
    let refusals = 2;
    consumer.connect = async () => {
      if (refusals-- > 0) throw new Error('broker unreachable');
      await connect();
    };
    crash(false);
    await sleep(200);
    expect(calls.run).toBe(2);
  });

  it('keeps the group membership alive while one batch is being handled', async () => {
    const { consumer, deliver } = fakeConsumer();
    let handled = 0;
    await runBatchConsumer(
      consumer,
      { groupId: 'g', topic: 'events' },
      async () => {
        // Never heartbeats itself, as a long insert does not.
        await sleep(200);
        handled = Date.now();
        return 'done';
      },
      new ConsumerMetrics(new Metrics('test')),
      20,
    );
    const beats = await deliver();
    expect(beats.filter((at) => at <= handled).length).toBeGreaterThanOrEqual(3);
  });

  it('stops beating once the batch is handled', async () => {
    const { consumer, deliver } = fakeConsumer();
    await runBatchConsumer(
      consumer,
      { groupId: 'g', topic: 'events' },
      async () => 'done',
      new ConsumerMetrics(new Metrics('test')),
      20,
    );
    const beats = await deliver();
    const after = beats.length;
    await sleep(100);
    expect(beats.length).toBe(after);
  });
});
