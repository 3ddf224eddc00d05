import { ClientRateLimit, RefusalLog, addressGroup } from './client-rate-limit';

describe('ClientRateLimit', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => (clock = 0));

  it('lets a client send its burst at once, then its rate, and says when to retry', () => {
    const limit = new ClientRateLimit({ ratePerSecond: 2, burst: 3, maxClients: 10, now });
    expect([1, 2, 3].map(() => limit.take('203.0.113.9').allowed)).toEqual([true, true, true]);
    expect(limit.take('203.0.113.9')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock += 500; // one token earned
    expect(limit.take('203.0.113.9').allowed).toBe(true);
    expect(limit.take('203.0.113.9').allowed).toBe(false);
  });

  it('keeps each client to its own bucket', () => {
    const limit = new ClientRateLimit({ ratePerSecond: 1, burst: 1, maxClients: 10, now });
    expect(limit.take('203.0.113.9').allowed).toBe(true);
    expect(limit.take('203.0.113.9').allowed).toBe(false);
    expect(limit.take('198.51.100.7').allowed).toBe(true);
  });

  it('never saves up more than the burst', () => {
    const limit = new ClientRateLimit({ ratePerSecond: 10, burst: 2, maxClients: 10, now });
    limit.take('a');
    clock += 3_600_000;
    expect([1, 2, 3].map(() => limit.take('a').allowed)).toEqual([true, true, false]);
  });

  it('remembers at most maxClients, forgetting the one seen longest ago', () => {
    const limit = new ClientRateLimit({ ratePerSecond: 1, burst: 1, maxClients: 100, now });
    for (let i = 0; i < 10_000; i++) limit.take(`10.0.${i >> 8}.${i & 255}`);
    expect(limit.size).toBe(100);
    // The most recent client is still remembered (and refused); the first was forgotten.
    expect(limit.take('10.0.39.15').allowed).toBe(false);
    expect(limit.take('10.0.0.0').allowed).toBe(true);
  });

  it('never keeps the address, only a keyed hash of it', () => {
    const limit = new ClientRateLimit({ ratePerSecond: 1, burst: 1, maxClients: 10, now });
    limit.take('203.0.113.9');
    const held = JSON.stringify([
      ...(limit as unknown as { buckets: Map<string, unknown> }).buckets,
    ]);
    expect(held).not.toContain('203.0.113.9');
    expect(limit.keyOf('203.0.113.9')).not.toBe(
      new ClientRateLimit({ ratePerSecond: 1, burst: 1, maxClients: 10 }).keyOf('203.0.113.9'),
    );
  });
});

describe('addressGroup', () => {
  it('counts an IPv4 address (mapped or not) as one client, and an IPv6 /64 as one', () => {
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  });

  it('gives every address of one /64 one bucket', () => {
    const limit = new ClientRateLimit({ ratePerSecond: 1, burst: 1, maxClients: 10, now: () => 0 });
    expect(limit.take('2001:db8:1:2::1').allowed).toBe(true);
    expect(limit.take('2001:db8:1:2::2').allowed).toBe(false);
    expect(limit.take('2001:db8:1:3::1').allowed).toBe(true);
  });
});

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
