import { createHmac, randomBytes } from 'node:crypto';

export interface RateLimitSettings {
  /** Referrals a client may send in a burst (the bucket's size). */
  limit: number;
  /** The time over which `limit` referrals come back, one by one. */
  windowMs: number;
  /** Clients remembered at once; the least recently seen are forgotten first. */
  maxClients: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per client, in memory. Clients are known by a keyed SHA-256 (HMAC)
 * of their address with a key made fresh at start, so what is held can neither be
 * read back as an address nor matched against a list of addresses; the address
 * itself is never stored or logged. At most `maxClients` buckets are kept (least
 * recently used dropped first): about 100 bytes each, so 10,000 clients are ~1 MB.
 */
export class ReferralRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly key = randomBytes(32);
  /** Tokens that come back per millisecond. */
  private readonly refill: number;

  constructor(
    private readonly settings: RateLimitSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.refill = settings.limit / settings.windowMs;
  }

  get size(): number {
    return this.buckets.size;
  }

  /** Takes one token for this client, or says how long until one is back. */
  take(address: string): RateDecision {
    const id = this.idOf(address);
    const bucket = this.current(id);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.remember(id, bucket);
      return { allowed: true };
    }
    this.remember(id, bucket);
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.refill / 1000)),
    };
  }

  /** Gives back a token taken for a request that then failed on our side (it was not sent). */
  refund(address: string): void {
    const id = this.idOf(address);
    const bucket = this.buckets.get(id);
    if (!bucket) return;
    bucket.tokens = Math.min(this.settings.limit, bucket.tokens + 1);
  }

  private idOf(address: string): string {
    return createHmac('sha256', this.key).update(address).digest('base64url');
  }

  private current(id: string): Bucket {
    const now = this.now();
    const bucket = this.buckets.get(id);
    if (!bucket) return { tokens: this.settings.limit, at: now };
    const tokens = Math.min(this.settings.limit, bucket.tokens + (now - bucket.at) * this.refill);
    return { tokens, at: now };
  }

  private remember(id: string, bucket: Bucket): void {
    // Re-inserting moves the key to the end: the Map's order is least recently seen first.
    this.buckets.delete(id);
    this.buckets.set(id, bucket);
    while (this.buckets.size > this.settings.maxClients) {
      const oldest = this.buckets.keys().next().value;
      if (oldest === undefined) break;
      this.buckets.delete(oldest);
    }
  }
}
