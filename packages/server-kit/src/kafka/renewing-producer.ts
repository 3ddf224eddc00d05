import { type Producer, type ProducerBatch, type ProducerRecord } from 'kafkajs';

/** What our senders use of a kafkajs producer. */
export type ProducerLike = Pick<Producer, 'connect' | 'disconnect' | 'send' | 'sendBatch'>;

interface Slot {
  producer: Producer;
  connecting?: Promise<void>;
  inFlight: number;
}

/**
 * An idempotent producer that starts afresh after a send fails. kafkajs numbers each
 * partition's messages and, when a send gives up, hands the numbers back; had the broker
 * stored that send after all, the next, different messages would reuse its numbers and
 * be dropped as duplicates. A new producer gets a new producer id and numbers from zero,
 * so a resend is at worst a duplicate (which every consumer removes), never a loss. The
 * old one is closed once its sends in flight have ended.
 */
export class RenewingProducer implements ProducerLike {
  private current: Slot;
  private readonly retired = new Set<Slot>();

  constructor(private readonly create: () => Producer) {
    this.current = { producer: create(), inFlight: 0 };
  }

  connect(): Promise<void> {
    return this.connected(this.current);
  }

  async disconnect(): Promise<void> {
    const all = [this.current, ...this.retired];
    this.retired.clear();
    await Promise.allSettled(all.map((slot) => slot.producer.disconnect()));
  }

  send(record: ProducerRecord): ReturnType<Producer['send']> {
    return this.run((producer) => producer.send(record));
  }

  sendBatch(batch: ProducerBatch): ReturnType<Producer['sendBatch']> {
    return this.run((producer) => producer.sendBatch(batch));
  }

  private connected(slot: Slot): Promise<void> {
    slot.connecting ??= slot.producer.connect().catch((error: unknown) => {
      slot.connecting = undefined;
      throw error;
    });
    return slot.connecting;
  }

  private async run<T>(work: (producer: Producer) => Promise<T>): Promise<T> {
    const slot = this.current;
    slot.inFlight += 1;
    try {
      await this.connected(slot);
      return await work(slot.producer);
    } catch (error) {
      if (slot === this.current) {
        this.retired.add(slot);
        this.current = { producer: this.create(), inFlight: 0 };
      }
      throw error;
    } finally {
      slot.inFlight -= 1;
      if (slot !== this.current && slot.inFlight === 0 && this.retired.delete(slot)) {
        void slot.producer.disconnect().catch(() => undefined);
      }
    }
  }
}
