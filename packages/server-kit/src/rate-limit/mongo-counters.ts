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

const isLive = (counter: CounterDocument, now = Date.now()) =>
  counter.expire === null || counter.expire.getTime() > now;

/**
 * rate-limiter-flexible's RateLimiterMongo, finding each counter by its `_id` alone. FerretDB
 * 1.24 hands only a bare `_id` filter to its storage: the library's `{ key, $or: [expire…] }`
 * read every counter (3,000 counters: 100 ms a lookup, against 7 ms by `_id`), so a window's
 * end is checked here, not in the filter. _upsert, _get and _delete are the three methods
 * every store of the library implements; the documents keep its `points` and `expire`.
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
    if (forceExpire) {
      const set = await this.startWindow({ _id: key }, points, expire(), { upsert: true });
      if (!set) throw new Error('MongoDB returned no counter after an upsert');
      return set;
    }
    for (;;) {
      const counted = await this.counters.findOneAndUpdate(
        { _id: key },
        { $inc: { points } },
        { returnDocument: 'after' },
      );
      if (counted && isLive(counted)) return counted;
      if (counted) {
        // An ended window: restarted only if no replica restarted it since (its expire is
        // the one read), else counted again in the new one. Rare: ended counters are deleted.
        const restarted = await this.startWindow(
          { _id: key, expire: counted.expire },
          points,
          expire(),
        );
        if (restarted) return restarted;
        continue;
      }
      try {
        const first = { _id: key, points, expire: expire() };
        await this.counters.insertOne(first);
        return first;
      } catch (error) {
        // Another replica counted the key's first point meanwhile: count in its window.
        if (!isDuplicateKey(error)) throw error;
      }
    }
  }

  async _get(key: string): Promise<CounterDocument | null> {
    const counter = await this.counters.findOne({ _id: key });
    return counter && isLive(counter) ? counter : null;
  }
  async _delete(key: string): Promise<boolean> {
    return (await this.counters.deleteOne({ _id: key })).deletedCount > 0;
  }

  private startWindow(
    filter: Parameters<Collection<CounterDocument>['findOneAndUpdate']>[0],
    points: number,
    expire: Date | null,
    options: { upsert?: boolean } = {},
  ): Promise<CounterDocument | null> {
    return this.counters.findOneAndUpdate(
      filter,
      { $set: { points, expire } },
      { ...options, returnDocument: 'after' },
    );
  }
}
