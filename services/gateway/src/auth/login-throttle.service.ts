import { Injectable } from '@nestjs/common';
import { type RateLimiterRes } from 'rate-limiter-flexible';
import { type MongoCounters, MongoLimitStore } from '@handcheck/server-kit';
import { LOGIN_LIMITS } from './auth.constants';

/** The counters one sign-in attempt may touch (keyed hashes, never an address, email or cookie). */
export interface ThrottleKeys {
  clientAccount: string;
  client: string;
  account: string;
  /** The known device's key, when the request carries a known-device cookie of this account. */
  device?: string;
}

export interface Count {
  failures: number;
  msBeforeReset: number;
}

/** Failures counted so far in each window, this attempt included, and when each window ends. */
export interface ThrottleCounts {
  clientAccount: Count;
  client: Count;
  account: Count;
}

export type Refusal = { allowed: false; retryAfterSeconds: number };
/** `by` says which counters the attempt was counted on, so they can be given back. */
export type Admitted = { allowed: true; slowDownMs: number; by: 'known-device' | 'client' };
export type Admission = Refusal | Admitted;

type Limits = typeof LOGIN_LIMITS;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const refuse = (count: Count): Refusal => ({
  allowed: false,
  retryAfterSeconds: seconds(count.msBeforeReset),
});

/** A known device: only its own failures can refuse it, and nothing slows it down. */
export function deviceAdmission(device: Count, limits: Limits = LOGIN_LIMITS): Admission {
  if (device.failures > limits.knownDevice.failures) return refuse(device);
  return { allowed: true, slowDownMs: 0, by: 'known-device' };
}

/** An unknown client's own counters, before the account is looked at. */
export function clientRefusal(
  counts: Pick<ThrottleCounts, 'clientAccount' | 'client'>,
  limits: Limits = LOGIN_LIMITS,
): Refusal | undefined {
  if (counts.clientAccount.failures > limits.clientAccount.failures)
    return refuse(counts.clientAccount);
  if (counts.client.failures > limits.client.failures) return refuse(counts.client);
  return undefined;
}

/**
 * What an unknown client's attempt may do, from the counts after counting it. Pure: the policy
 * in one place. Past the account's ceiling it is slowed down, and refused if it has already
 * failed on the account, so a botnet gets one slow guess per address.
 */
export function admission(counts: ThrottleCounts, limits: Limits = LOGIN_LIMITS): Admission {
  const refused = clientRefusal(counts, limits);
  if (refused) return refused;
  if (counts.account.failures > limits.account.failures) {
    // This attempt is counted already: more than one means the client failed here before.
    if (counts.clientAccount.failures > 1) return refuse(counts.clientAccount);
    return { allowed: true, slowDownMs: limits.account.slowDownMs, by: 'client' };
  }
  return { allowed: true, slowDownMs: 0, by: 'client' };
}

/**
 * The sign-in throttle's counters, in MongoDB (MongoLimitStore), so every gateway replica counts
 * against the same limits. Each is never refused by the store itself: the functions above
 * decide from the counts. Every counter is taken before the password is checked, so parallel
 * guesses cannot slip past a limit; the account's only once the client's own counters let the
 * attempt through, and given back when the account's ceiling refuses it: the ceiling counts
 * only attempts whose password is checked, so refused ones cannot push it up.
 */
@Injectable()
export class LoginThrottle {
  private readonly clientAccount: MongoCounters;
  private readonly client: MongoCounters;
  private readonly account: MongoCounters;
  private readonly device: MongoCounters;

  constructor(private readonly store: MongoLimitStore) {
    const counters = (keyPrefix: string, durationSeconds: number) =>
      store.counters({ keyPrefix, points: Number.MAX_SAFE_INTEGER, durationSeconds });
    this.clientAccount = counters('login-client-account', LOGIN_LIMITS.clientAccount.windowSeconds);
    this.client = counters('login-client', LOGIN_LIMITS.client.windowSeconds);
    this.account = counters('login-account', LOGIN_LIMITS.account.windowSeconds);
    this.device = counters('login-device', LOGIN_LIMITS.knownDevice.windowSeconds);
  }

  /** Counts the attempt as a failure (given back by succeeded()) and says what it may do. */
  async attempt(keys: ThrottleKeys): Promise<Admission> {
    if (keys.device) return deviceAdmission(await this.count(this.device, keys.device));
    const [clientAccount, client] = await Promise.all([
      this.count(this.clientAccount, keys.clientAccount),
      this.count(this.client, keys.client),
    ]);
    const refused = clientRefusal({ clientAccount, client });
    if (refused) return refused;
    const account = await this.count(this.account, keys.account);
    const admitted = admission({ clientAccount, client, account });
    if (!admitted.allowed) await this.giveBack(this.account, keys.account);
    return admitted;
  }

  /** A right password: the asker's failures are forgotten, the others get this attempt back. */
  async succeeded(keys: ThrottleKeys, admitted: Admitted): Promise<void> {
    if (admitted.by === 'known-device' && keys.device) {
      const device = keys.device;
      await this.store.run(device, () => this.device.delete(device));
      return;
    }
    await Promise.all([
      this.store.run(keys.clientAccount, () => this.clientAccount.delete(keys.clientAccount)),
      this.giveBack(this.client, keys.client),
      this.giveBack(this.account, keys.account),
    ]);
  }

  /** The password was never checked (the admin store failed): the attempt is not a failure. */
  async unchecked(keys: ThrottleKeys, admitted: Admitted): Promise<void> {
    if (admitted.by === 'known-device' && keys.device) {
      await this.giveBack(this.device, keys.device);
      return;
    }
    await Promise.all([
      this.giveBack(this.clientAccount, keys.clientAccount),
      this.giveBack(this.client, keys.client),
      this.giveBack(this.account, keys.account),
    ]);
  }

  private async count(limiter: MongoCounters, key: string): Promise<Count> {
    const result: RateLimiterRes = await this.store.run(key, () => limiter.consume(key, 1));
    return { failures: result.consumedPoints, msBeforeReset: result.msBeforeNext };
  }

  private async giveBack(limiter: MongoCounters, key: string): Promise<void> {
    await this.store.run(key, () => limiter.reward(key, 1));
  }
}
