import { type Connection } from 'mongoose';
import { type CounterWindow, MongoCounters } from './mongo-counters';
import { KeyedSerial } from './keyed-serial';

/** Expired counters are deleted at most this often (FerretDB has no TTL index). */
const CLEANUP_EVERY_MS = 10 * 60_000;

export const RATE_LIMITS_COLLECTION = 'rate_limit_counters';

/**
 * Rate-limit counters in one MongoDB collection, so that every replica counts against the same
 * limits. A counter's key is its `_id`, so it needs no index of its own; expired counters are
 * deleted here now and then, because FerretDB refuses TTL indexes (a counter whose key comes
 * back is reused by MongoCounters).
 */
export class MongoLimitStore {
  private readonly serial = new KeyedSerial();
  private lastCleanup = 0;

  constructor(
    private readonly connection: Connection,
    readonly collection = RATE_LIMITS_COLLECTION,
  ) {}

  /** Counters of one window; call them through run(). */
  counters(window: CounterWindow): MongoCounters {
    return new MongoCounters(this.connection, this.collection, window);
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
