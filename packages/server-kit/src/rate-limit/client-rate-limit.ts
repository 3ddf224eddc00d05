import {
  RLWrapperTimeouts,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { clientKey, hmacSha256 } from './client-address';
import { MemoryWindows } from './memory-windows';
import { type CounterWindow } from './mongo-counters';
import { type MongoLimitStore } from './mongo-limit-store';

/** How long MongoDB may take to count a request before this process's memory counts it. */
export const STORE_TIMEOUT_MS = 1000;

export interface ClientRateLimitOptions {
  /** Names the limit's counters (their key prefix). */
  name: string;
  /** Requests a client may send at once… */
  burst: number;
  /** …and requests per second it earns after that (a fraction for slower limits). */
  perSecond: number;
  /** Keys the client's hash: random per process, or shared by the replicas sharing `store`. */
  secret: string | Buffer;
  /** Counters in MongoDB, for a limit that must hold across replicas; default: in memory. */
  store?: MongoLimitStore;
}

/** What take() needs of a request's connection (a Node socket): the address of its peer. */
export interface Connection {
  readonly remoteAddress?: string;
}

export type RateDecision =
  | {
      allowed: true;
      /** Gives the request back, when it failed on our side. */ refund(): Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number };

/** takeNow()'s answer: a limit in memory has nothing to give back on our failure. */
export type MemoryRateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const ALLOWED: MemoryRateDecision = Object.freeze({ allowed: true });

/** Seconds, to the millisecond (the stores count in milliseconds). */
const seconds = (value: number) => Math.round(value * 1000) / 1000;

const retryAfterSeconds = (msBeforeNext: number) => Math.max(1, Math.ceil(msBeforeNext / 1000));

/**
 * A limit per client: `burst` requests in each window of burst / perSecond seconds (so 5
 * referrals per 600 s, or 40 event requests per 4 s at 10 a second), rate-limiter-flexible's
 * fixed window (MemoryWindows counts the same way without a store). Over any stretch of
 * windows a client never averages more than `perSecond`; a BurstyRateLimiter (a steady window
 * plus a burst one) would let it average nearly twice that. A client is counted by
 * clientKey() of its address, never the address.
 */
export class ClientRateLimit {
  /** Counts in MongoDB, when the options give a store… */
  private readonly limiter?: RateLimiterAbstract;
  /** …or else here. */
  private readonly memory?: MemoryWindows;
  private readonly hmac: (message: string) => Buffer;
  /**
   * The key of each connection's own peer, worked out once: a browser sends its requests over a
   * few kept-alive connections, so one HMAC serves many. Only the key is kept, beside the
   * socket that holds the address anyway, and goes with it. A request whose address is not
   * its connection's peer (one forwarded by a trusted proxy) is keyed afresh every time, so
   * no forwarded address outlives its request.
   */
  private readonly byConnection = new WeakMap<Connection, string>();

  constructor(private readonly options: ClientRateLimitOptions) {
    const { name, burst, perSecond } = options;
    this.hmac = hmacSha256(options.secret);
    if (!(perSecond > 0) || !(burst >= 1)) {
      throw new Error('ClientRateLimit needs perSecond > 0 and burst >= 1');
    }
    const window = { keyPrefix: name, points: burst, durationSeconds: seconds(burst / perSecond) };
    if (options.store) this.limiter = this.storeWindow(options.store, window);
    // At least a millisecond: a window rounded to nothing would never refuse.
    else this.memory = new MemoryWindows(window.points, Math.max(1, window.durationSeconds * 1000));
  }

  /**
   * Counts one request of this client, or says how long until it may send one. `connection`
   * (the request's socket), when given, lets its peer's key be reused for its next request.
   */
  async take(address: string, connection?: Connection): Promise<RateDecision> {
    const key = this.keyOf(address, connection);
    const { limiter, memory, options } = this;
    if (memory) {
      const wait = memory.take(key);
      if (wait > 0) return { allowed: false, retryAfterSeconds: retryAfterSeconds(wait) };
      return { allowed: true, refund: async () => memory.giveBack(key) };
    }
    const store = options.store!;
    try {
      await store.run(key, () => limiter!.consume(key));
      return {
        allowed: true,
        refund: () => store.run(key, async () => void (await limiter!.reward(key))),
      };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { allowed: false, retryAfterSeconds: retryAfterSeconds(refusal.msBeforeNext) };
    }
  }

  /**
   * take() at once, for a limit without a store: the events intake asks on every request, and
   * a promise a request is a cost it need not pay.
   */
  takeNow(address: string, connection?: Connection): MemoryRateDecision {
    if (!this.memory) throw new Error('takeNow() counts in memory: this limit has a store');
    const wait = this.memory.take(this.keyOf(address, connection));
    return wait === 0 ? ALLOWED : { allowed: false, retryAfterSeconds: retryAfterSeconds(wait) };
  }

  private keyOf(address: string, connection: Connection | undefined): string {
    if (connection?.remoteAddress !== address) return clientKey(this.hmac, address);
    let key = this.byConnection.get(connection);
    if (key === undefined) {
      key = clientKey(this.hmac, address);
      this.byConnection.set(connection, key);
    }
    return key;
  }

  /** One window in MongoDB, with memory counting while MongoDB does not answer. */
  private storeWindow(store: MongoLimitStore, window: CounterWindow): RateLimiterAbstract {
    return new RLWrapperTimeouts({
      limiter: store.counters(window),
      timeoutMs: STORE_TIMEOUT_MS,
      insuranceLimiter: new RateLimiterMemory({
        keyPrefix: window.keyPrefix,
        points: window.points,
        duration: window.durationSeconds,
      }),
    });
  }
}
