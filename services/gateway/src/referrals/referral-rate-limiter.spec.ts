import { ReferralRateLimiter } from './referral-rate-limiter';

function limiter(limit = 5, windowMs = 600_000, maxClients = 100) {
  let now = 1_000_000;
  const rate = new ReferralRateLimiter({ limit, windowMs, maxClients }, () => now);
  return { rate, advance: (ms: number) => (now += ms) };
}

describe('ReferralRateLimiter', () => {
  it('lets a client send `limit` referrals, then refuses with the wait until the next', () => {
    const { rate } = limiter(5, 600_000);
    for (let i = 0; i < 5; i++) expect(rate.take('203.0.113.9')).toEqual({ allowed: true });
    // One token comes back every 120 s.
    expect(rate.take('203.0.113.9')).toEqual({ allowed: false, retryAfterSeconds: 120 });
  });

  it('gives tokens back over time', () => {
    const { rate, advance } = limiter(5, 600_000);
    for (let i = 0; i < 5; i++) rate.take('a');
    advance(60_000);
    expect(rate.take('a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    advance(60_000);
    expect(rate.take('a')).toEqual({ allowed: true });
    expect(rate.take('a').allowed).toBe(false);
  });

  it('never holds more than `limit` tokens however long a client stays away', () => {
    const { rate, advance } = limiter(2, 1000);
    advance(1_000_000);
    expect(rate.take('a').allowed).toBe(true);
    expect(rate.take('a').allowed).toBe(true);
    expect(rate.take('a').allowed).toBe(false);
  });

  it('keeps clients apart', () => {
    const { rate } = limiter(1);
    expect(rate.take('a').allowed).toBe(true);
    expect(rate.take('a').allowed).toBe(false);
    expect(rate.take('b').allowed).toBe(true);
  });

  it('a refund gives the token back', () => {
    const { rate } = limiter(1);
    rate.take('a');
    rate.refund('a');
    expect(rate.take('a').allowed).toBe(true);
  });

  it('remembers at most maxClients, forgetting the least recently seen', () => {
    const { rate } = limiter(1, 600_000, 3);
    for (const client of ['a', 'b', 'c']) rate.take(client);
    rate.take('a'); // a is now the most recent
    rate.take('d'); // forgets b
    expect(rate.size).toBe(3);
    expect(rate.take('b').allowed).toBe(true); // b starts afresh
    expect(rate.take('a').allowed).toBe(false); // a is still remembered
    for (let i = 0; i < 10_000; i++) rate.take(`10.0.${i >> 8}.${i & 255}`);
    expect(rate.size).toBe(3);
  });

  it('holds no address, only keyed hashes', () => {
    const { rate } = limiter();
    rate.take('198.51.100.23');
    const held = JSON.stringify([
      ...(rate as unknown as { buckets: Map<string, unknown> }).buckets.keys(),
    ]);
    expect(held).not.toContain('198.51.100.23');
    expect(held).toMatch(/^\["[A-Za-z0-9_-]{43}"\]$/);
  });
});
