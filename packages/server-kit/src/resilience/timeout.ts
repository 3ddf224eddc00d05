import { TaskCancelledError, TimeoutStrategy, timeout } from 'cockatiel';

/** An engine or peer did not answer in time. */
export class TimeoutError extends Error {
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    super(`${what} did not answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * Resolves as `work` does, or rejects with TimeoutError after `ms`. The work itself goes
 * on (a promise cannot be cancelled); its late outcome is ignored.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  try {
    return await timeout(ms, TimeoutStrategy.Aggressive).execute(() => work);
  } catch (error) {
    if (error instanceof TaskCancelledError) throw new TimeoutError(what, ms);
    throw error;
  }
}
