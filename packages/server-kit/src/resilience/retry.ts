import {
  type IBackoff,
  type IBackoffFactory,
  type RetryPolicy,
  handleAll,
  handleWhen,
  retry,
} from 'cockatiel';
import { type BackoffOptions, backoffDelay } from './backoff';

/** cockatiel's backoff on backoffDelay: the first wait is firstMs. */
export function doublingBackoff(options: BackoffOptions): IBackoffFactory<unknown> {
  const step = (attempt: number): IBackoff<unknown> => ({
    duration: backoffDelay(attempt, options),
    next: () => step(attempt + 1),
  });
  return { next: () => step(0) };
}

export interface RetryPolicyOptions extends BackoffOptions {
  /** Tries after the first; retries forever by default. */
  maxAttempts?: number;
  /** Which errors are retried; all by default. */
  handle?: (error: Error) => boolean;
}

/**
 * A cockatiel retry policy on doublingBackoff. Its waits do not heartbeat a Kafka group:
 * inside a consumer use retryWhileActive.
 */
export function retryPolicy(options: RetryPolicyOptions): RetryPolicy {
  return retry(options.handle ? handleWhen(options.handle) : handleAll, {
    maxAttempts: options.maxAttempts ?? Infinity,
    backoff: doublingBackoff(options),
  });
}
