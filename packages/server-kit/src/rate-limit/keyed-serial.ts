/**
 * Runs tasks one after another per key, in this process. FerretDB applies an `$inc` through
 * findOneAndUpdate as read-then-write, so parallel increments of one counter get lost there
 * (MongoDB's are atomic); counting one key at a time keeps parallel requests from one client
 * through one replica exact on both. Holds only keys with work in flight.
 */
export class KeyedSerial {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  get size(): number {
    return this.tails.size;
  }
}
