import { type Producer } from 'kafkajs';
import { RenewingProducer } from './renewing-producer';

/** Stand-ins for kafkajs producers (not our code): each records its calls under its number. */
function fakes(fail: (n: number) => boolean) {
  const calls: string[] = [];
  let made = 0;
  const create = () => {
    const n = ++made;
    return {
      connect: async () => void calls.push(`${n} connect`),
      disconnect: async () => void calls.push(`${n} disconnect`),
      send: async () => {
        calls.push(`${n} send`);
        if (fail(n)) throw new Error(`producer ${n} failed`);
        return [];
      },
      sendBatch: async () => {
        calls.push(`${n} sendBatch`);
        return [];
      },
    } as unknown as Producer;
  };
  return { calls, create };
}

describe('RenewingProducer', () => {
  it('keeps one producer while its sends succeed', async () => {
    const { calls, create } = fakes(() => false);
    const producer = new RenewingProducer(create);
    await producer.connect();
    await producer.send({ topic: 't', messages: [] });
    await producer.sendBatch({ topicMessages: [] });
    expect(calls).toEqual(['1 connect', '1 send', '1 sendBatch']);
  });

  it('after a failed send, sends with a new producer and closes the old one', async () => {
    const { calls, create } = fakes((n) => n === 1);
    const producer = new RenewingProducer(create);
    await expect(producer.send({ topic: 't', messages: [] })).rejects.toThrow('producer 1 failed');
    await producer.send({ topic: 't', messages: [] });
    await producer.disconnect();
    expect(calls).toEqual([
      '1 connect',
      '1 send',
      '1 disconnect',
      '2 connect',
      '2 send',
      '2 disconnect',
    ]);
  });
});
