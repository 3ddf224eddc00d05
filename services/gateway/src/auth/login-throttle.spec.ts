import { LOGIN_LIMITS } from './auth.constants';
import { KeyedSerial, type ThrottleCounts, admission } from './login-throttle';

const counts = (pair: number, client: number, account: number): ThrottleCounts => ({
  clientAccount: { failures: pair, msBeforeReset: 600_000 },
  client: { failures: client, msBeforeReset: 3_000_000 },
  account: { failures: account, msBeforeReset: 3_000_000 },
});

describe('admission (the sign-in throttle policy)', () => {
  it('lets 5 attempts of one client on one account through, refuses the 6th for the window', () => {
    for (let n = 1; n <= 5; n++)
      expect(admission(counts(n, n, n))).toEqual({ allowed: true, slowDownMs: 0 });
    expect(admission(counts(6, 6, 6))).toEqual({ allowed: false, retryAfterSeconds: 600 });
  });

  it('refuses a client past 20 failures an hour, whatever the accounts', () => {
    expect(admission(counts(1, 20, 1)).allowed).toBe(true);
    expect(admission(counts(1, 21, 1))).toEqual({ allowed: false, retryAfterSeconds: 3000 });
  });

  it('never refuses a client that has not failed on the account, however attacked it is', () => {
    const attacked = LOGIN_LIMITS.account.failures + 1_000;
    expect(admission(counts(1, 1, attacked))).toEqual({
      allowed: true,
      slowDownMs: LOGIN_LIMITS.account.slowDownMs,
    });
  });

  it('past the account ceiling, refuses a client that has already failed on it', () => {
    const over = LOGIN_LIMITS.account.failures + 1;
    expect(admission(counts(2, 2, over))).toEqual({ allowed: false, retryAfterSeconds: 600 });
    // At the ceiling itself: no slow-down yet.
    expect(admission(counts(2, 2, over - 1))).toEqual({ allowed: true, slowDownMs: 0 });
  });

  it('says at least 1 second to wait, rounding up', () => {
    const nearlyOver = { ...counts(6, 6, 6), clientAccount: { failures: 6, msBeforeReset: 1 } };
    expect(admission(nearlyOver)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});

describe('KeyedSerial', () => {
  it('runs the tasks of one key one after another, other keys alongside, and forgets idle keys', async () => {
    const serial = new KeyedSerial();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setImmediate(resolve));
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      serial.run('a', task('a1')),
      serial.run('a', task('a2')),
      serial.run('b', task('b1')),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(serial.size).toBe(0);
  });

  it('goes on after a failed task', async () => {
    const serial = new KeyedSerial();
    await expect(serial.run('a', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(serial.run('a', () => Promise.resolve(1))).resolves.toBe(1);
  });
});
