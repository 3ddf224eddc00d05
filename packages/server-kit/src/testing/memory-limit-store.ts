import { RateLimiterMemory } from 'rate-limiter-flexible';
import { type CounterWindow } from '../rate-limit/mongo-counters';
import { type MongoLimitStore } from '../rate-limit/mongo-limit-store';

/**
 * A MongoLimitStore whose counters live in memory, for unit tests of what a limit counts
 * (MongoCounters itself is tested against the real engine). `failures` reads a counter.
 */
export function memoryLimitStore(): {
  store: MongoLimitStore;
  failures: (keyPrefix: string, key: string) => Promise<number>;
} {
  const counters = new Map<string, RateLimiterMemory>();
  const fake = {
    counters: (window: CounterWindow) => {
      const limiter = new RateLimiterMemory({
        keyPrefix: window.keyPrefix,
        points: window.points,
        duration: window.durationSeconds,
      });
      counters.set(window.keyPrefix, limiter);
      return limiter;
    },
    run: <T>(_key: string, task: () => Promise<T>) => task(),
  };
  return {
    // The memory limiter has every method callers use on MongoCounters; only the class differs.
    store: fake as unknown as MongoLimitStore,
    failures: async (keyPrefix, key) =>
      (await counters.get(keyPrefix)?.get(key))?.consumedPoints ?? 0,
  };
}
