import { Counter, Registry } from 'prom-client';
import { DeadLetterPublisher, MAX_DEAD_LETTER_REASON } from './dead-letters';
import { type KafkaProducer } from './kafka.service';
import { type OutgoingMessage } from './kafka-messages';

function publisher(labelNames: string[] = []) {
  const sent: Array<{ topic: string; messages: OutgoingMessage[] }> = [];
  const producer = {
    send: async (topic: string, messages: OutgoingMessage[]) => void sent.push({ topic, messages }),
  } as unknown as KafkaProducer;
  const counter = new Counter({
    name: 'dead',
    help: 'dead',
    labelNames,
    registers: [new Registry()],
  });
  return { sent, counter, deadLetters: new DeadLetterPublisher(producer, counter) };
}

describe('DeadLetterPublisher', () => {
  it("sends to the topic's .dlq with the common headers, the reason cut to one length", async () => {
    const { sent, counter, deadLetters } = publisher();
    await deadLetters.send({ topic: 'a.v1', partition: 2 }, [
      { key: 'k', value: Buffer.from('x'), offset: '7', reason: 'r'.repeat(900) },
    ]);
    expect(sent).toEqual([
      {
        topic: 'a.v1.dlq',
        messages: [
          {
            key: 'k',
            value: Buffer.from('x'),
            headers: {
              reason: 'r'.repeat(MAX_DEAD_LETTER_REASON),
              'source-topic': 'a.v1',
              'source-partition': '2',
              'source-offset': '7',
            },
          },
        ],
      },
    ]);
    expect((await counter.get()).values[0]?.value).toBe(1);
  });

  it('counts by the labels given, and sends nothing for no letters', async () => {
    const { sent, counter, deadLetters } = publisher(['reason']);
    await deadLetters.send({ topic: 't', partition: 0 }, []);
    const letter = { key: null, value: null, offset: '1', reason: 'bad' };
    await deadLetters.send({ topic: 't', partition: 0 }, [letter, letter], { reason: 'invalid' });
    expect(sent).toHaveLength(1);
    expect((await counter.get()).values).toEqual([
      expect.objectContaining({ labels: { reason: 'invalid' }, value: 2 }),
    ]);
  });
});
