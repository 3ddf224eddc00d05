import { createHmac, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

export interface ClientRateLimitOptions {
  /** Tokens added per second, per client. */
  ratePerSecond: number;
  /** Most tokens a client can save up: how many requests it may send at once. */
  burst: number;
  /** Most clients remembered; the one seen longest ago is forgotten first. */
  maxClients: number;
  /** Milliseconds clock; tests pass their own. */
  now?: () => number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per client, in memory bounded by maxClients (least recently
 * seen forgotten first; a forgotten client simply starts with a full bucket).
 * Clients are keyed on a keyed hash (HMAC-SHA-256 with a random key made at
 * start-up and never written anywhere) of their address: the address itself is
 * never stored, and the keys cannot be reversed by trying every IPv4 address.
 */
export class ClientRateLimit {
  private readonly secret = randomBytes(32);
  private readonly buckets = new Map<string, Bucket>();
  private readonly now: () => number;

  constructor(private readonly options: ClientRateLimitOptions) {
    if (!(options.ratePerSecond > 0) || !(options.burst >= 1) || !(options.maxClients >= 1)) {
      throw new Error('ClientRateLimit needs ratePerSecond > 0, burst >= 1 and maxClients >= 1');
    }
    this.now = options.now ?? (() => performance.now());
  }

  /** Clients currently remembered. */
  get size(): number {
    return this.buckets.size;
  }

  /** The key a client is remembered by (not its address). */
  keyOf(address: string): string {
    return createHmac('sha256', this.secret)
      .update(addressGroup(address))
      .digest('base64url')
      .slice(0, 22);
  }

  /** Takes one token for this client, or says how long until it has one. */
  take(address: string): RateDecision {
    const key = this.keyOf(address);
    const now = this.now();
    const { ratePerSecond, burst } = this.options;
    const known = this.buckets.get(key);
    const bucket = known ?? { tokens: burst, at: now };
    if (known) {
      bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * ratePerSecond);
      bucket.at = now;
      // Map keeps insertion order: re-inserting makes this the most recently seen.
      this.buckets.delete(key);
    }
    this.buckets.set(key, bucket);
    this.evict();
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerSecond)),
    };
  }

  private evict(): void {
    while (this.buckets.size > this.options.maxClients) {
      const oldest = this.buckets.keys().next().value as string;
      this.buckets.delete(oldest);
    }
  }
}

/**
 * What counts as one client: an IPv4 address (IPv4-mapped IPv6 included), or
 * an IPv6 /64, since one subscriber is given a whole /64 and could otherwise
 * take a fresh bucket with every address in it.
 */
export function addressGroup(address: string): string {
  if (address.toLowerCase().startsWith('::ffff:') && isIPv4(address.slice(7))) {
    return address.slice(7);
  }
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * At most one log line per interval for a stream of refusals, with how many of
 * each kind were refused since the last line. Call `count`; it calls `log` at
 * once when a line is due, otherwise at the end of the interval (a timer that
 * never keeps the process alive), so the last refusals are reported too.
 */
export class RefusalLog {
  private counts: Record<string, number> = {};
  private lastAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly log: (counts: Record<string, number>) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  count(reason: string): void {
    this.counts[reason] = (this.counts[reason] ?? 0) + 1;
    const wait = this.lastAt + this.intervalMs - this.now();
    if (wait <= 0) {
      this.flush();
      return;
    }
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), wait);
      this.timer.unref();
    }
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (Object.keys(this.counts).length === 0) return;
    this.lastAt = this.now();
    const counts = this.counts;
    this.counts = {};
    this.log(counts);
  }
}
