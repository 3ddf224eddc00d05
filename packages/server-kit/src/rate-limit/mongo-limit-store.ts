import { type Connection } from 'mongoose';
import { RateLimiterMongo } from 'rate-limiter-flexible';
import { KeyedSerial } from './keyed-serial';

/** Expired counters are deleted at most this often (FerretDB has no TTL index). */
const CLEANUP_EVERY_MS = 10 * 60_000;

export interface CounterWindow {
  /** Names the counters; limits sharing the collection need different names. */
  keyPrefix: string;
  /** Points a key may consume in one window. */
  points: number;
  /** The window, in seconds from a key's first point. */
  durationSeconds: number;
}

/**
 * Rate-limit counters in one MongoDB collection, so that every replica counts against the same
 * limits. rate-limiter-flexible's own index creation is off: it asks for a TTL index, which
 * FerretDB refuses ("expireAfterSeconds is not implemented"), and then never creates its unique
 * key index either. RateLimitCounterSchema declares the unique index instead, and expired
 * counters are deleted here now and then (the store reuses an expired counter's document when
 * its key comes back).
 */
export class MongoLimitStore {
  private readonly serial = new KeyedSerial();
  private lastCleanup = 0;

  constructor(
    private readonly connection: Connection,
    readonly collection: string,
  ) {}

  /** Counters of one window; call them through run(). */
  counters(window: CounterWindow): RateLimiterMongo {
    return new RateLimiterMongo({
      storeClient: this.connection,
      tableName: this.collection,
      keyPrefix: window.keyPrefix,
      points: window.points,
      duration: window.durationSeconds,
      disableIndexesCreation: true,
    });
  }

  /** Runs `task` when no other task of `key` is running in this process (see KeyedSerial). */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    this.cleanupNowAndThen();
    return this.serial.run(key, task);
  }

  private cleanupNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    void this.connection
      .collection(this.collection)
      .deleteMany({ expire: { $lt: new Date(now) } })
      .catch(() => undefined);
  }
}
