import { RefreshingCache } from './refreshing-cache';

/** A source whose answers the test hands out one by one. */
function controlledSource() {
  const pending: Array<{ resolve: (v: string) => void; reject: (e: unknown) => void }> = [];
  const load = jest.fn(
    () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject })),
  );
  return {
    load,
    answer: (value: string) => pending.shift()?.resolve(value),
    fail: (error: unknown) => pending.shift()?.reject(error),
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

function setup() {
  let clock = 1_000_000;
  const source = controlledSource();
  const failures: unknown[] = [];
  const cache = new RefreshingCache(
    source.load,
    { freshMs: 30_000, maxStaleMs: 60_000, retryAfterFailureMs: 2_000, now: () => clock },
    (error) => failures.push(error),
  );
  return { cache, source, failures, tick: (ms: number) => (clock += ms) };
}

describe('RefreshingCache', () => {
  it('loads once for every caller waiting at the same time, then serves from memory', async () => {
    const { cache, source, tick } = setup();
    const first = cache.get();
    const second = cache.get();
    expect(source.load).toHaveBeenCalledTimes(1);
    source.answer('v1');
    await expect(first).resolves.toMatchObject({ value: 'v1', stale: false });
    await expect(second).resolves.toMatchObject({ value: 'v1', stale: false });
    tick(29_999);
    await expect(cache.get()).resolves.toEqual({ value: 'v1', ageMs: 29_999, stale: false });
    expect(source.load).toHaveBeenCalledTimes(1);
  });

  it('serves a stale value at once and refreshes it once in the background', async () => {
    const { cache, source, tick } = setup();
    const first = cache.get();
    source.answer('v1');
    await first;
    tick(30_000);
    await expect(cache.get()).resolves.toMatchObject({ value: 'v1', stale: true });
    await expect(cache.get()).resolves.toMatchObject({ value: 'v1', stale: true });
    expect(source.load).toHaveBeenCalledTimes(2);
    expect(cache.isRefreshing).toBe(true);
    source.answer('v2');
    await flush();
    await expect(cache.get()).resolves.toEqual({ value: 'v2', ageMs: 0, stale: false });
  });

  it('keeps serving the held value while the source fails, asking it again only after a rest', async () => {
    const { cache, source, failures, tick } = setup();
    const first = cache.get();
    source.answer('v1');
    await first;
    tick(31_000);
    await expect(cache.get()).resolves.toMatchObject({ value: 'v1', stale: true });
    source.fail(new Error('down'));
    await flush();
    expect(failures).toEqual([new Error('down')]);
    tick(1_999);
    await expect(cache.get()).resolves.toMatchObject({ value: 'v1', stale: true });
    expect(source.load).toHaveBeenCalledTimes(2);
    tick(1);
    await expect(cache.get()).resolves.toMatchObject({ value: 'v1', stale: true });
    expect(source.load).toHaveBeenCalledTimes(3);
  });

  it('fails when nothing is held, and fails fast until the rest is over', async () => {
    const { cache, source, failures, tick } = setup();
    const first = cache.get();
    source.fail(new Error('down'));
    await expect(first).rejects.toThrow('down');
    await expect(cache.get()).rejects.toThrow('down');
    expect(source.load).toHaveBeenCalledTimes(1);
    // Told once, although two callers failed.
    expect(failures).toEqual([new Error('down')]);
    tick(2_000);
    const retry = cache.get();
    expect(source.load).toHaveBeenCalledTimes(2);
    source.answer('v1');
    await expect(retry).resolves.toMatchObject({ value: 'v1' });
  });

  it('stops serving a value older than fresh + max stale, and waits for a new one', async () => {
    const { cache, source, tick } = setup();
    const first = cache.get();
    source.answer('v1');
    await first;
    tick(90_000);
    const next = cache.get();
    source.fail(new Error('down'));
    await expect(next).rejects.toThrow('down');
  });
});
