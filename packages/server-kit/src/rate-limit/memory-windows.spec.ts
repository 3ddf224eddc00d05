import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { MemoryWindows } from './memory-windows';

describe('MemoryWindows', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('holds `points` requests a window, and says how long until the window ends', () => {
    const windows = new MemoryWindows(2, 4000);
    expect([windows.take('a'), windows.take('a')]).toEqual([0, 0]);
    jest.advanceTimersByTime(1500);
    expect(windows.take('a')).toBe(2500);
    expect(windows.take('b')).toBe(0);
    jest.advanceTimersByTime(2500);
    expect(windows.take('a')).toBe(0);
  });

  it('counts as rate-limiter-flexible counts: refusals too, and a request given back', async () => {
    const library = new RateLimiterMemory({ points: 3, duration: 2 });
    const windows = new MemoryWindows(3, 2000);
    const libraryTakes = async () => {
      try {
        await library.consume('k');
        return 0;
      } catch (refusal) {
        return (refusal as RateLimiterRes).msBeforeNext;
      }
    };
    const steps = ['take', 'take', 'take', 'take', 'back', 'back', 'take', 'wait', 'take'];
    for (const step of steps) {
      if (step === 'take') expect(windows.take('k')).toBe(await libraryTakes());
      if (step === 'back') {
        windows.giveBack('k');
        await library.reward('k');
      }
      if (step === 'wait') jest.advanceTimersByTime(2000);
    }
  });

  it('drops ended windows, at most once per window length', () => {
    const windows = new MemoryWindows(1, 1000);
    for (const key of ['a', 'b', 'c']) windows.take(key);
    jest.advanceTimersByTime(999);
    windows.take('d');
    expect(windows.size).toBe(4);
    jest.advanceTimersByTime(1);
    windows.take('d');
    // a, b and c ended; d's window is still open.
    expect(windows.size).toBe(1);
  });

  it('gives back nothing to a key without an open window', () => {
    const windows = new MemoryWindows(1, 1000);
    windows.giveBack('a');
    expect(windows.take('a')).toBe(0);
    expect(windows.take('a')).toBe(1000);
  });
});
