import { setTimeout as sleep } from 'node:timers/promises';
import { type Consumer, type EachBatchPayload } from 'kafkajs';
import { Metrics } from '../metrics/metrics.service';
import { ConsumerMetrics, runBatchConsumer } from './consumers';

// kafkajs's side of a batch consumer, kept to what runBatchConsumer calls: the batch handler
// it is given is called here by hand, with a heartbeat that counts its calls.
function fakeConsumer() {
  let eachBatch: ((payload: EachBatchPayload) => Promise<void>) | undefined;
  const consumer = {
    connect: async () => undefined,
    subscribe: async () => undefined,
    run: async (config: { eachBatch: (payload: EachBatchPayload) => Promise<void> }) => {
      eachBatch = config.eachBatch;
    },
    commitOffsets: async () => undefined,
    disconnect: async () => undefined,
  } as unknown as Consumer;
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
  return { consumer, deliver };
}

describe('runBatchConsumer', () => {
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
