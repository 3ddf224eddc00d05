import { type BackoffOptions, backoffDelay } from './backoff';

/** A consumer's hold on its partition (a ConsumerContext is one). */
export interface KeepAlive {
  /** False once the consumer is stopping or lost the partition. */
  isActive(): boolean;
  /** Keeps the group membership alive. */
  heartbeat(): Promise<void>;
}

/** The consumer stopped or lost the partition: leave the message uncommitted for redelivery. */
export class ConsumerStopped extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The consumer stopped; the message is left for redelivery', options);
    this.name = 'ConsumerStopped';
  }
}

/** Heartbeats this often while waiting or working, well inside the group's session timeout. */
export const HEARTBEAT_EVERY_MS = 1000;

/** Waits `ms` keeping the group membership alive; throws ConsumerStopped once the hold is lost. */
export async function waitWhileActive(ms: number, alive: KeepAlive): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (!alive.isActive()) throw new ConsumerStopped();
    const left = deadline - Date.now();
    if (left <= 0) return;
    await alive.heartbeat().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, Math.min(HEARTBEAT_EVERY_MS, left)));
  }
}

export interface RetryWhileActiveOptions extends BackoffOptions {
  /** Called after each failure, before the wait (for the log line). */
  onRetry?: (error: unknown, attempt: number, waitMs: number) => void;
}

/**
 * Runs `work` until it resolves, waiting backoffDelay between tries with waitWhileActive
 * (cockatiel's retry waits on a bare timer, which neither heartbeats nor ends when the
 * consumer stops). Gives up only with ConsumerStopped.
 */
export async function retryWhileActive<T>(
  work: (attempt: number) => Promise<T>,
  alive: KeepAlive,
  options: RetryWhileActiveOptions,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      if (error instanceof ConsumerStopped) throw error;
      if (!alive.isActive()) throw new ConsumerStopped({ cause: error });
      const wait = backoffDelay(attempt, options);
      options.onRetry?.(error, attempt, wait);
      await waitWhileActive(wait, alive);
    }
  }
}
