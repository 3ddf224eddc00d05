import { type Connection, type mongo } from 'mongoose';
import { RateLimiterMongo } from 'rate-limiter-flexible';
import { isDuplicateKey } from '../mongo/leases.repository';

type Collection<T extends mongo.Document> = mongo.Collection<T>;

/** One counter: the limit's key prefix and a keyed hash, never an address or an email. */
export interface CounterDocument {
  _id: string;
  points: number;
  expire: Date | null;
}

export interface CounterWindow {
  /** Names the counters; limits sharing the collection need different names. */
  keyPrefix: string;
  /** Points a key may consume in one window. */
  points: number;
  /** The window, in seconds from a key's first point. */
  durationSeconds: number;
}

const live = () => ({ $or: [{ expire: { $gt: new Date() } }, { expire: null }] });

/**
 * rate-limiter-flexible's RateLimiterMongo with the counter's key as `_id`. The library's own
 * methods find counters by a `key` field: FerretDB answers that by reading every counter (it
 * pushes only `_id` filters down to its storage), which at 50 referrals a second held each
 * request for up to half a second. _upsert, _get and _delete are the three methods every
 * store of the library implements; the documents keep the library's `points` and `expire`.
 */
export class MongoCounters extends RateLimiterMongo {
  private readonly counters: Collection<CounterDocument>;

  constructor(connection: Connection, collection: string, window: CounterWindow) {
    super({
      storeClient: connection,
      tableName: collection,
      // It would ask for a TTL index, which FerretDB refuses, and a `key` index, unused here.
      disableIndexesCreation: true,
      keyPrefix: window.keyPrefix,
      points: window.points,
      duration: window.durationSeconds,
    });
    this.counters = connection.collection<CounterDocument>(collection);
  }

  /** Adds points to the key's live window, or starts a window (forceExpire: sets them). */
  async _upsert(
    key: string,
    points: number,
    msDuration: number,
    forceExpire = false,
  ): Promise<CounterDocument> {
    const expire = () => (msDuration > 0 ? new Date(Date.now() + msDuration) : null);
    if (forceExpire) return this.startWindow({ _id: key }, points, expire());
    for (;;) {
      const counted = await this.counters.findOneAndUpdate(
        { _id: key, ...live() },
        { $inc: { points } },
        { returnDocument: 'after' },
      );
      if (counted) return counted;
      try {
        // Replaces an expired counter, or inserts the first. When another replica started
        // the window meanwhile, the insert meets its `_id` and the loop counts in that window.
        return await this.startWindow({ _id: key, expire: { $lte: new Date() } }, points, expire());
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
  }

  async _get(key: string): Promise<CounterDocument | null> {
    return this.counters.findOne({ _id: key, ...live() });
  }

  async _delete(key: string): Promise<boolean> {
    return (await this.counters.deleteOne({ _id: key })).deletedCount > 0;
  }

  private async startWindow(
    filter: Parameters<Collection<CounterDocument>['findOneAndUpdate']>[0],
    points: number,
    expire: Date | null,
  ): Promise<CounterDocument> {
    const counter = await this.counters.findOneAndUpdate(
      filter,
      { $set: { points, expire } },
      { upsert: true, returnDocument: 'after' },
    );
    if (!counter) throw new Error('MongoDB returned no counter after an upsert');
    return counter;
  }
}
