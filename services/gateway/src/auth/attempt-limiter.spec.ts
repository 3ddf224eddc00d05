import { AttemptLimiter } from './attempt-limiter';

describe('AttemptLimiter', () => {
  let now = 0;
  const limiter = (maxKeys = 100) =>
    new AttemptLimiter({ limit: 5, windowMs: 60_000, maxKeys, now: () => now });

  beforeEach(() => {
    now = 1_000_000;
  });

  it('lets 5 attempts through, then says how many seconds to wait', () => {
    const attempts = limiter();
    for (let i = 0; i < 5; i++) {
      expect(attempts.retryAfter('a')).toBe(0);
      attempts.hit('a');
    }
    expect(attempts.retryAfter('a')).toBe(60);
    now += 59_500;
    expect(attempts.retryAfter('a')).toBe(1);
    now += 500;
    expect(attempts.retryAfter('a')).toBe(0);
  });

  it('counts each key on its own', () => {
    const attempts = limiter();
    for (let i = 0; i < 5; i++) attempts.hit('a');
    expect(attempts.retryAfter('b')).toBe(0);
  });

  it('starts a new window once the old one is over', () => {
    const attempts = limiter();
    for (let i = 0; i < 5; i++) attempts.hit('a');
    now += 60_000;
    attempts.hit('a');
    expect(attempts.retryAfter('a')).toBe(0);
  });

  it('gives one attempt back on refund, never below zero', () => {
    const attempts = limiter();
    for (let i = 0; i < 5; i++) attempts.hit('a');
    attempts.refund('a');
    expect(attempts.retryAfter('a')).toBe(0);
    attempts.hit('a');
    expect(attempts.retryAfter('a')).toBe(60);
    const fresh = limiter();
    fresh.refund('b');
    fresh.refund('b');
    for (let i = 0; i < 5; i++) fresh.hit('b');
    expect(fresh.retryAfter('b')).toBe(60);
  });

  it('forgets a key on reset', () => {
    const attempts = limiter();
    for (let i = 0; i < 5; i++) attempts.hit('a');
    attempts.reset('a');
    expect(attempts.retryAfter('a')).toBe(0);
  });

  it('never holds more than maxKeys keys, dropping the least recently seen', () => {
    const attempts = limiter(3);
    for (let i = 0; i < 5; i++) attempts.hit('busy');
    for (const key of ['x', 'y']) attempts.hit(key);
    attempts.hit('busy'); // seen again: now the most recent
    for (let i = 0; i < 1000; i++) attempts.hit(`invented-${i}`);
    expect(attempts.size).toBe(3);
    attempts.hit('z');
    expect(attempts.size).toBe(3);
  });

  it('keeps a throttled key that keeps trying while few others come', () => {
    const attempts = limiter(3);
    for (let i = 0; i < 6; i++) attempts.hit('attacker');
    attempts.hit('x');
    attempts.hit('attacker');
    attempts.hit('y');
    expect(attempts.retryAfter('attacker')).toBeGreaterThan(0);
  });
});
