// Our own shapes for what goes in and out of Kafka, so that nothing outside
// this folder needs kafkajs' types (kafkajs is unmaintained since 2023; this
// folder is all that would change if the client were swapped).

export interface OutgoingMessage {
  key?: string | Buffer | null;
  value: string | Buffer | null;
  headers?: Record<string, string>;
}

export interface ConsumedMessage {
  key: Buffer | null;
  value: Buffer | null;
  offset: string;
  /** Header values as UTF-8 text. */
  headers: Record<string, string | undefined>;
}

export interface ConsumedBatch {
  topic: string;
  partition: number;
  messages: ConsumedMessage[];
  /** The partition's end when the batch was fetched. */
  highWatermark: string;
  lastOffset: string;
}

export interface ConsumerContext {
  topic: string;
  partition: number;
  /** Keeps the group membership alive during long work. */
  heartbeat(): Promise<void>;
  /** False once the consumer is stopping or lost the partition: stop working and let it be redelivered. */
  isActive(): boolean;
}

export interface TopicSpec {
  topic: string;
  partitions: number;
  /**
   * The topic's own retention.ms: set when it is created and corrected on a topic that
   * exists with another (for topics holding personal data, kept no longer than promised).
   * Absent: the broker's default, and an existing topic is left as it is.
   */
  retentionMs?: number;
}
