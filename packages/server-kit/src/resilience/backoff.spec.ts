import { backoffDelay } from './backoff';
import { retryPolicy } from './retry';

describe('backoffDelay', () => {
  it('starts at firstMs, doubles, and stops at maxMs', () => {
    const options = { firstMs: 500, maxMs: 30_000 };
    expect([0, 1, 2, 3, 5, 6, 20].map((attempt) => backoffDelay(attempt, options))).toEqual([
      500, 1000, 2000, 4000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('retryPolicy', () => {
  it('retries until the work succeeds, waiting backoffDelay between tries', async () => {
    const waits: number[] = [];
    const policy = retryPolicy({ firstMs: 1, maxMs: 4 });
    policy.onRetry(({ delay }) => waits.push(delay));
    let calls = 0;
    const result = await policy.execute(() => {
      calls += 1;
      if (calls < 5) throw new Error('not yet');
      return 'done';
    });
    expect(result).toBe('done');
    expect(waits).toEqual([1, 2, 4, 4]);
  });

  it('gives up after maxAttempts, and only retries what handle accepts', async () => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      throw new Error('down');
    };
    await expect(
      retryPolicy({ firstMs: 1, maxMs: 1, maxAttempts: 2 }).execute(failing),
    ).rejects.toThrow('down');
    expect(calls).toBe(3);
    calls = 0;
    const policy = retryPolicy({ firstMs: 1, maxMs: 1, handle: (e) => e.message !== 'down' });
    await expect(policy.execute(failing)).rejects.toThrow('down');
    expect(calls).toBe(1);
  });
});
