import { LOGIN_LIMITS } from './auth.constants';
import { type ThrottleCounts, admission } from './login-throttle.service';

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
