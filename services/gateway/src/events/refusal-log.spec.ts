import { RefusalLog } from './refusal-log';

describe('RefusalLog', () => {
  afterEach(() => jest.useRealTimers());

  it('writes at most one line per interval, with the counts since the last line, the last ones included', () => {
    jest.useFakeTimers();
    let clock = 0;
    const lines: Record<string, number>[] = [];
    const log = new RefusalLog(
      10_000,
      (counts) => lines.push(counts),
      () => clock,
    );
    for (let i = 0; i < 1000; i++) log.count('rate_limited');
    log.count('buffer_full');
    expect(lines).toEqual([{ rate_limited: 1 }]);
    clock = 10_000;
    jest.advanceTimersByTime(10_000);
    expect(lines).toEqual([{ rate_limited: 1 }, { rate_limited: 999, buffer_full: 1 }]);
    clock = 25_000;
    log.count('rate_limited');
    expect(lines).toHaveLength(3);
    jest.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(3);
  });
});
