import {
  RLWrapperTimeouts,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { clientKey, hmacSha256 } from './client-address';
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

/** Seconds, to the millisecond (the stores count in milliseconds). */
const seconds = (value: number) => Math.round(value * 1000) / 1000;

/**
 * A limit per client: `burst` requests in each window of burst / perSecond seconds (so 5
 * referrals per 600 s, or 40 event requests per 4 s at 10 a second), rate-limiter-flexible's
 * fixed window. Over any stretch of windows a client never averages more than `perSecond`;
 * a BurstyRateLimiter (a steady window plus a burst one) would let it average nearly twice
 * that. A client is counted by clientKey() of its address, never the address.
 */
export class ClientRateLimit {
  private readonly limiter: RateLimiterAbstract;
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
    this.limiter = this.window({
      keyPrefix: name,
      points: burst,
      durationSeconds: seconds(burst / perSecond),
    });
  }

  /**
   * Counts one request of this client, or says how long until it may send one. `connection`
   * (the request's socket), when given, lets its peer's key be reused for its next request.
   */
  async take(address: string, connection?: Connection): Promise<RateDecision> {
    const key = this.keyOf(address, connection);
    try {
      await this.run(key, () => this.limiter.consume(key));
      return {
        allowed: true,
        refund: () => this.run(key, async () => void (await this.limiter.reward(key))),
      };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)),
      };
    }
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

  private run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.options.store ? this.options.store.run(key, task) : task();
  }

  /** One window in memory, or in MongoDB with memory counting while MongoDB does not answer. */
  private window(window: CounterWindow): RateLimiterAbstract {
    const memory = new RateLimiterMemory({
      keyPrefix: window.keyPrefix,
      points: window.points,
      duration: window.durationSeconds,
    });
    const { store } = this.options;
    if (!store) return memory;
    return new RLWrapperTimeouts({
      limiter: store.counters(window),
      timeoutMs: STORE_TIMEOUT_MS,
      insuranceLimiter: memory,
    });
  }
}
