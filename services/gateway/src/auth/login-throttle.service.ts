import { Injectable } from '@nestjs/common';
import { type RateLimiterRes } from 'rate-limiter-flexible';
import { type MongoCounters, MongoLimitStore } from '@handcheck/server-kit';
import { LOGIN_LIMITS } from './auth.constants';

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
 * The sign-in throttle's counters, in MongoDB (MongoLimitStore), so every gateway replica counts
 * against the same limits. Each is never refused by the store itself: admission() decides from
 * the counts.
 */
@Injectable()
export class LoginThrottle {
  private readonly clientAccount: MongoCounters;
  private readonly client: MongoCounters;
  private readonly account: MongoCounters;

  constructor(private readonly store: MongoLimitStore) {
    const counters = (keyPrefix: string, durationSeconds: number) =>
      store.counters({ keyPrefix, points: Number.MAX_SAFE_INTEGER, durationSeconds });
    this.clientAccount = counters('login-client-account', LOGIN_LIMITS.clientAccount.windowSeconds);
    this.client = counters('login-client', LOGIN_LIMITS.client.windowSeconds);
    this.account = counters('login-account', LOGIN_LIMITS.account.windowSeconds);
  }

  /** Counts the attempt as a failure (given back by succeeded()) and says what it may do. */
  async attempt(keys: ThrottleKeys): Promise<Admission> {
    const [clientAccount, client, account] = await Promise.all([
      this.count(this.clientAccount, keys.clientAccount),
      this.count(this.client, keys.client),
      this.count(this.account, keys.account),
    ]);
    return admission({ clientAccount, client, account });
  }

  /** A right password: the pair's failures are forgotten, the others get this attempt back. */
  async succeeded(keys: ThrottleKeys): Promise<void> {
    await Promise.all([
      this.store.run(keys.clientAccount, () => this.clientAccount.delete(keys.clientAccount)),
      this.store.run(keys.client, () => this.client.reward(keys.client, 1)),
      this.store.run(keys.account, () => this.account.reward(keys.account, 1)),
    ]);
  }

  private async count(limiter: MongoCounters, key: string) {
    const result: RateLimiterRes = await this.store.run(key, () => limiter.consume(key, 1));
    return { failures: result.consumedPoints, msBeforeReset: result.msBeforeNext };
  }
}
