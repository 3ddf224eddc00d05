import { ConsumerStopped, retryWhileActive, waitWhileActive } from './keep-alive';

function hold(activeFor = Infinity) {
  const startedAt = Date.now();
  const alive = {
    beats: 0,
    stopped: false,
    isActive: () => !alive.stopped && Date.now() - startedAt < activeFor,
    heartbeat: async () => {
      alive.beats += 1;
    },
  };
  return alive;
}

describe('waitWhileActive', () => {
  it('heartbeats at most every second while it waits', async () => {
    // Jest's clock: on a busy machine a real 1 s timer may fire late enough to skip a beat.
    jest.useFakeTimers();
    try {
      const alive = hold();
      const startedAt = Date.now();
      const waiting = waitWhileActive(2100, alive);
      await jest.advanceTimersByTimeAsync(2100);
      await waiting;
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2090);
      expect(alive.beats).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('throws ConsumerStopped once the hold is lost', async () => {
    const alive = hold(50);
    const startedAt = Date.now();
    await expect(waitWhileActive(10_000, alive)).rejects.toBeInstanceOf(ConsumerStopped);
    expect(Date.now() - startedAt).toBeLessThan(1500);
  });

  it('throws at once when the hold is already lost', async () => {
    const alive = hold();
    alive.stopped = true;
    await expect(waitWhileActive(0, alive)).rejects.toBeInstanceOf(ConsumerStopped);
  });
});

describe('retryWhileActive', () => {
  it('retries with the backoff until the work succeeds', async () => {
    const retries: Array<[number, number]> = [];
    const result = await retryWhileActive(
      async (attempt) => {
        if (attempt < 3) throw new Error(`failure ${attempt}`);
        return attempt;
      },
      hold(),
      {
        firstMs: 1,
        maxMs: 3,
        onRetry: (_error, attempt, waitMs) => retries.push([attempt, waitMs]),
      },
    );
    expect(result).toBe(3);
    expect(retries).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
  });

  it('gives up with ConsumerStopped when the consumer stops while it waits', async () => {
    const alive = hold();
    const attempt = retryWhileActive(
      async () => {
        throw new Error('ClickHouse is down');
      },
      alive,
      { firstMs: 5, maxMs: 5 },
    );
    setTimeout(() => (alive.stopped = true), 30);
    const error: unknown = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConsumerStopped);
  });

  it('gives the failure as the cause when the hold was lost during the work', async () => {
    const alive = hold();
    const failure = new Error('down');
    const error = await retryWhileActive(
      async () => {
        alive.stopped = true;
        throw failure;
      },
      alive,
      { firstMs: 1, maxMs: 1 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConsumerStopped);
    expect((error as ConsumerStopped).cause).toBe(failure);
  });
});
