import { type KafkaMessage } from 'kafkajs';
import { bulkhead } from 'cockatiel';
import { type LaneConsumer, PartitionLane } from './partition-lanes';

const message = (offset: number) => ({ offset: String(offset) }) as KafkaMessage;

/** A consumer that records what happens, with a gate per offset to hold a handler back. */
function recordingConsumer() {
  const log: string[] = [];
  const gates = new Map<string, () => void>();
  let running = true;
  const consumer: LaneConsumer = {
    running: () => running,
    async handle(m, lane) {
      log.push(`start ${lane.partition}:${m.offset}`);
      await new Promise<void>((resolve) => gates.set(`${lane.partition}:${m.offset}`, resolve));
      log.push(`end ${lane.partition}:${m.offset}`);
      return true;
    },
    async commit(m, lane) {
      log.push(`commit ${lane.partition}:${m.offset}`);
    },
  };
  const open = async (key: string) => {
    for (let i = 0; i < 50 && !gates.has(key); i++) await new Promise((r) => setImmediate(r));
    gates.get(key)!();
    gates.delete(key);
    await new Promise((r) => setImmediate(r));
  };
  return { consumer, log, open, stop: () => (running = false) };
}

describe('partition lanes', () => {
  it('handle a partition one message at a time in offset order, committing each once handled', async () => {
    const { consumer, log, open } = recordingConsumer();
    const lane = new PartitionLane('t', 0, consumer, bulkhead(1, Infinity));
    lane.enqueue(message(5));
    lane.enqueue(message(6));
    await open('0:5');
    await open('0:6');
    await lane.idle();
    expect(log).toEqual([
      'start 0:5',
      'end 0:5',
      'commit 0:5',
      'start 0:6',
      'end 0:6',
      'commit 0:6',
    ]);
  });

  it('skip a refetch of messages already in hand', async () => {
    const { consumer, log, open } = recordingConsumer();
    const lane = new PartitionLane('t', 0, consumer, bulkhead(1, Infinity));
    expect(lane.enqueue(message(1))).toBe(true);
    expect(lane.enqueue(message(1))).toBe(false);
    expect(lane.enqueue(message(2))).toBe(true);
    expect(lane.enqueue(message(1))).toBe(false);
    await open('0:1');
    await open('0:2');
    await lane.idle();
    expect(log.filter((line) => line.startsWith('start'))).toEqual(['start 0:1', 'start 0:2']);
  });

  it('let one partition go on while another is held up (kafkajs alone would wait for the slowest)', async () => {
    const { consumer, log, open } = recordingConsumer();
    const handlers = bulkhead(2, Infinity);
    const slow = new PartitionLane('t', 0, consumer, handlers);
    const quick = new PartitionLane('t', 1, consumer, handlers);
    slow.enqueue(message(1));
    quick.enqueue(message(1));
    quick.enqueue(message(2));
    await open('1:1');
    await open('1:2');
    await quick.idle();
    expect(log).toContain('commit 1:2');
    expect(log).not.toContain('end 0:1');
    await open('0:1');
    await slow.idle();
  });

  it('once revoked, finish the message in hand, commit it, and drop the rest', async () => {
    const { consumer, log, open } = recordingConsumer();
    const lane = new PartitionLane('t', 0, consumer, bulkhead(1, Infinity));
    lane.enqueue(message(1));
    lane.enqueue(message(2));
    lane.revoke();
    expect(lane.active()).toBe(false);
    await open('0:1');
    await lane.idle();
    expect(log).toEqual(['start 0:1', 'end 0:1', 'commit 0:1']);
    expect(lane.size).toBe(0);
    expect(lane.enqueue(message(3))).toBe(false);
  });

  it('commit nothing for a message whose handler gave up', async () => {
    const log: string[] = [];
    const consumer: LaneConsumer = {
      running: () => true,
      handle: async () => false,
      commit: async (m) => void log.push(`commit ${m.offset}`),
    };
    const lane = new PartitionLane('t', 0, consumer, bulkhead(1, Infinity));
    lane.enqueue(message(1));
    await lane.idle();
    expect(log).toEqual([]);
  });

  it('run at most as many handlers at once as the consumer allows, across its lanes', async () => {
    let now = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const consumer: LaneConsumer = {
      running: () => true,
      async handle() {
        most = Math.max(most, ++now);
        await new Promise<void>((resolve) => releases.push(resolve));
        now--;
        return true;
      },
      commit: async () => undefined,
    };
    const handlers = bulkhead(2, Infinity);
    const lanes = [0, 1, 2, 3].map(
      (partition) => new PartitionLane('t', partition, consumer, handlers),
    );
    for (const lane of lanes) lane.enqueue(message(1));
    for (let done = 0; done < 4; done++) {
      while (releases.length === 0) await new Promise((r) => setImmediate(r));
      releases.shift()!();
    }
    await Promise.all(lanes.map((lane) => lane.idle()));
    expect(most).toBe(2);
  });
});
