import { deadLetterTopic } from '@handcheck/contracts';
import { type Counter } from 'prom-client';
import { type KafkaProducer } from './kafka.service';

/** The longest reason a dead letter's `reason` header keeps, in characters. */
export const MAX_DEAD_LETTER_REASON = 500;

/** A message no handler can use, and why. */
export interface DeadLetter {
  key: Buffer | string | null;
  value: Buffer | null;
  /** Its offset in the source partition. */
  offset: string;
  reason: string;
}

/** Where the dead letters were read (a ConsumerContext is one). */
export interface DeadLetterSource {
  topic: string;
  partition: number;
}

/**
 * Sends what a consumer cannot use to its topic's dead-letter twin, every letter with the
 * same headers (reason, source-topic, source-partition, source-offset), so one tool reads
 * and replays any service's dead letters; counts them once Kafka has them.
 */
export class DeadLetterPublisher {
  constructor(
    private readonly producer: KafkaProducer,
    private readonly counter: Counter<string>,
  ) {}

  async send(
    source: DeadLetterSource,
    letters: readonly DeadLetter[],
    labels: Record<string, string> = {},
  ): Promise<void> {
    if (letters.length === 0) return;
    await this.producer.send(
      deadLetterTopic(source.topic),
      letters.map(({ key, value, offset, reason }) => ({
        key,
        value,
        headers: {
          reason: reason.slice(0, MAX_DEAD_LETTER_REASON),
          'source-topic': source.topic,
          'source-partition': String(source.partition),
          'source-offset': offset,
        },
      })),
      { acks: -1 },
    );
    this.counter.inc(labels, letters.length);
  }
}
