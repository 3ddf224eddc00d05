import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type Connection } from 'mongoose';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import { LOGIN_LIMITS, LOGIN_LIMITS_COLLECTION } from './auth.constants';

/** The three counters one sign-in attempt touches (keyed hashes, never an address or email). */
export interface ThrottleKeys {
  clientAccount: string;
  client: string;
  account: string;
}

/** Failures counted so far in each window, this attempt included, and when each window ends. */
export interface ThrottleCounts {
  clientAccount: { failures: number; msBeforeReset: number };
  client: { failures: number; msBeforeReset: number };
  account: { failures: number; msBeforeReset: number };
}

export type Admission =
  { allowed: false; retryAfterSeconds: number } | { allowed: true; slowDownMs: number };

type Limits = typeof LOGIN_LIMITS;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * What an attempt may do, from the counts after counting it. Pure: the policy in one place.
 * Only the client's own counters refuse; the account's ceiling refuses only a client that has
 * already failed on that account, so nobody can lock the admin out from elsewhere.
 */
export function admission(counts: ThrottleCounts, limits: Limits = LOGIN_LIMITS): Admission {
  const { clientAccount, client, account } = counts;
  if (clientAccount.failures > limits.clientAccount.failures) {
    return { allowed: false, retryAfterSeconds: seconds(clientAccount.msBeforeReset) };
  }
  if (client.failures > limits.client.failures) {
    return { allowed: false, retryAfterSeconds: seconds(client.msBeforeReset) };
  }
  if (account.failures > limits.account.failures) {
    // This attempt is counted already: more than one means the client failed here before.
    if (clientAccount.failures > 1) {
      return { allowed: false, retryAfterSeconds: seconds(clientAccount.msBeforeReset) };
    }
    return { allowed: true, slowDownMs: limits.account.slowDownMs };
  }
  return { allowed: true, slowDownMs: 0 };
}

/**
 * Runs tasks one after another per key, in this process. FerretDB (the local store) applies
 * an `$inc` through findOneAndUpdate as read-then-write, so parallel increments of one counter
 * get lost there (MongoDB's are atomic); counting one key at a time keeps parallel guesses
 * from one client through one gateway exact on both. Holds only keys with work in flight.
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

/** Expired counters are deleted at most this often (FerretDB has no TTL index). */
const CLEANUP_EVERY_MS = 10 * 60_000;

/**
 * The sign-in throttle's counters, in MongoDB through rate-limiter-flexible's Mongo store, so
 * every gateway replica counts against the same limits. The store's own index creation is off:
 * it asks for a TTL index, which FerretDB refuses ("expireAfterSeconds is not implemented"),
 * and then never creates its unique key index either. The collection's schema
 * (schemas/login-limit.schema.ts) declares the unique index instead, which both stores build,
 * and expired counters are deleted here now and then (the store itself reuses an expired
 * counter's document when its key comes back).
 */
@Injectable()
export class LoginThrottle {
  private readonly clientAccount: RateLimiterMongo;
  private readonly client: RateLimiterMongo;
  private readonly account: RateLimiterMongo;
  private readonly serial = new KeyedSerial();
  private lastCleanup = 0;

  constructor(@InjectConnection() private readonly connection: Connection) {
    const limiter = (keyPrefix: string, windowSeconds: number) =>
      new RateLimiterMongo({
        storeClient: connection,
        tableName: LOGIN_LIMITS_COLLECTION,
        keyPrefix,
        // Never refused by the store itself: admission() decides from the counts.
        points: Number.MAX_SAFE_INTEGER,
        duration: windowSeconds,
        disableIndexesCreation: true,
      });
    this.clientAccount = limiter('login-client-account', LOGIN_LIMITS.clientAccount.windowSeconds);
    this.client = limiter('login-client', LOGIN_LIMITS.client.windowSeconds);
    this.account = limiter('login-account', LOGIN_LIMITS.account.windowSeconds);
  }

  /** Counts the attempt as a failure (given back by succeeded()) and says what it may do. */
  async attempt(keys: ThrottleKeys): Promise<Admission> {
    const [clientAccount, client, account] = await Promise.all([
      this.count(this.clientAccount, keys.clientAccount),
      this.count(this.client, keys.client),
      this.count(this.account, keys.account),
    ]);
    this.cleanupNowAndThen();
    return admission({ clientAccount, client, account });
  }

  /** A right password: the pair's failures are forgotten, the others get this attempt back. */
  async succeeded(keys: ThrottleKeys): Promise<void> {
    await Promise.all([
      this.serial.run(keys.clientAccount, () => this.clientAccount.delete(keys.clientAccount)),
      this.serial.run(keys.client, () => this.client.reward(keys.client, 1)),
      this.serial.run(keys.account, () => this.account.reward(keys.account, 1)),
    ]);
  }

  private async count(limiter: RateLimiterMongo, key: string) {
    const result: RateLimiterRes = await this.serial.run(key, () => limiter.consume(key, 1));
    return { failures: result.consumedPoints, msBeforeReset: result.msBeforeNext };
  }

  private cleanupNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    void this.connection
      .collection(LOGIN_LIMITS_COLLECTION)
      .deleteMany({ expire: { $lt: new Date(now) } })
      .catch(() => undefined);
  }
}
