import { type IBackoff, type RetryPolicy, handleAll, handleWhen, retry } from 'cockatiel';
import { type BackoffOptions, backoffDelay } from './backoff';

export interface RetryPolicyOptions extends BackoffOptions {
  /** Tries after the first; retries forever by default. */
  maxAttempts?: number;
  /** Which errors are retried; all by default. */
  handle?: (error: Error) => boolean;
}

/**
 * A cockatiel retry policy waiting backoffDelay between tries. Its waits do not heartbeat
 * a Kafka group: inside a consumer use retryWhileActive.
 */
export function retryPolicy(options: RetryPolicyOptions): RetryPolicy {
  const step = (attempt: number): IBackoff<unknown> => ({
    duration: backoffDelay(attempt, options),
    next: () => step(attempt + 1),
  });
  return retry(options.handle ? handleWhen(options.handle) : handleAll, {
    maxAttempts: options.maxAttempts ?? Infinity,
    backoff: { next: () => step(0) },
  });
}
