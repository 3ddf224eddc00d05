import { ClientRateLimit } from './client-rate-limit';

const limit = (burst: number, perSecond: number) =>
  new ClientRateLimit({ name: 'test', burst, perSecond, secret: 'secret' });

describe('ClientRateLimit (in memory)', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  const statuses = async (rate: ClientRateLimit, count: number, address = '203.0.113.9') => {
    const allowed: boolean[] = [];
    for (let i = 0; i < count; i++) allowed.push((await rate.take(address)).allowed);
    return allowed;
  };

  it('lets a burst through at once, then refuses with the seconds until its window ends', async () => {
    const rate = limit(3, 1);
    expect(await statuses(rate, 3)).toEqual([true, true, true]);
    expect(await rate.take('203.0.113.9')).toEqual({ allowed: false, retryAfterSeconds: 3 });
    jest.advanceTimersByTime(3000);
    expect(await statuses(rate, 4)).toEqual([true, true, true, false]);
  });

  it('never averages more than the rate: 2 per 600 s stay refused until the window ends', async () => {
    const rate = limit(2, 2 / 600);
    expect(await statuses(rate, 2)).toEqual([true, true]);
    jest.advanceTimersByTime(300_000);
    expect(await rate.take('203.0.113.9')).toEqual({ allowed: false, retryAfterSeconds: 300 });
    jest.advanceTimersByTime(300_000);
    expect(await statuses(rate, 3)).toEqual([true, true, false]);
  });

  it('counts each client alone, and every address of one IPv6 /64 as one client', async () => {
    const rate = limit(1, 1);
    expect(await statuses(rate, 2, '203.0.113.9')).toEqual([true, false]);
    expect(await statuses(rate, 1, '203.0.113.10')).toEqual([true]);
    expect(await statuses(rate, 1, '2001:db8:1:2::1')).toEqual([true]);
    expect(await statuses(rate, 1, '2001:db8:1:2::2')).toEqual([false]);
    expect(await statuses(rate, 1, '2001:db8:1:3::1')).toEqual([true]);
  });

  it("keys a connection's own peer once, and a forwarded client (another address) on each request", async () => {
    const rate = limit(1, 1);
    const direct = { remoteAddress: '203.0.113.9' };
    expect((await rate.take('203.0.113.9', direct)).allowed).toBe(true);
    expect((await rate.take('203.0.113.9', direct)).allowed).toBe(false);
    // A proxy's connection carries many clients: each counted by its own address.
    const proxy = { remoteAddress: '10.0.0.1' };
    expect((await rate.take('203.0.113.10', proxy)).allowed).toBe(true);
    expect((await rate.take('203.0.113.11', proxy)).allowed).toBe(true);
    expect((await rate.take('203.0.113.10', proxy)).allowed).toBe(false);
    // The same client on another connection, or on none, is the same client.
    expect((await rate.take('203.0.113.9', { remoteAddress: '203.0.113.9' })).allowed).toBe(false);
    expect((await rate.take('203.0.113.11')).allowed).toBe(false);
  });

  it('gives back a refunded request', async () => {
    const rate = limit(2, 1 / 60);
    await statuses(rate, 1);
    const decision = await rate.take('203.0.113.9');
    if (decision.allowed) await decision.refund();
    expect(await statuses(rate, 2)).toEqual([true, false]);
  });

  it('answers at once without a store, counting with take()', async () => {
    const rate = limit(2, 1);
    expect(rate.takeNow('203.0.113.9')).toEqual({ allowed: true });
    expect((await rate.take('203.0.113.9')).allowed).toBe(true);
    expect(rate.takeNow('203.0.113.9')).toEqual({ allowed: false, retryAfterSeconds: 2 });
    jest.advanceTimersByTime(2000);
    expect(rate.takeNow('203.0.113.9', { remoteAddress: '203.0.113.9' }).allowed).toBe(true);
  });

  it('refuses settings that admit nothing', () => {
    expect(() => limit(0, 1)).toThrow('burst >= 1');
    expect(() => limit(1, 0)).toThrow('perSecond > 0');
  });
});
