import { memoryLimitStore } from '@handcheck/server-kit/testing';
import { LOGIN_LIMITS } from './auth.constants';
import {
  type Admission,
  type ThrottleCounts,
  type ThrottleKeys,
  LoginThrottle,
  admission,
  deviceAdmission,
} from './login-throttle.service';

const counts = (pair: number, client: number, account: number): ThrottleCounts => ({
  clientAccount: { failures: pair, msBeforeReset: 600_000 },
  client: { failures: client, msBeforeReset: 3_000_000 },
  account: { failures: account, msBeforeReset: 3_000_000 },
});

const ADMITTED = { allowed: true, slowDownMs: 0, by: 'client' };

describe('admission (the sign-in throttle policy)', () => {
  it('lets 5 attempts of one client on one account through, refuses the 6th for the window', () => {
    for (let n = 1; n <= 5; n++) expect(admission(counts(n, n, n))).toEqual(ADMITTED);
    expect(admission(counts(6, 6, 6))).toEqual({ allowed: false, retryAfterSeconds: 600 });
  });

  it('refuses a client past 20 failures an hour, whatever the accounts', () => {
    expect(admission(counts(1, 20, 1)).allowed).toBe(true);
    expect(admission(counts(1, 21, 1))).toEqual({ allowed: false, retryAfterSeconds: 3000 });
  });

  it('never refuses a client that has not failed on the account, however attacked it is', () => {
    const attacked = LOGIN_LIMITS.account.failures + 1_000;
    expect(admission(counts(1, 1, attacked))).toEqual({
      ...ADMITTED,
      slowDownMs: LOGIN_LIMITS.account.slowDownMs,
    });
  });

  it('past the account ceiling, refuses a client that has already failed on it', () => {
    const over = LOGIN_LIMITS.account.failures + 1;
    expect(admission(counts(2, 2, over))).toEqual({ allowed: false, retryAfterSeconds: 600 });
    // At the ceiling itself: no slow-down yet.
    expect(admission(counts(2, 2, over - 1))).toEqual(ADMITTED);
  });

  it('says at least 1 second to wait, rounding up', () => {
    const nearlyOver = { ...counts(6, 6, 6), clientAccount: { failures: 6, msBeforeReset: 1 } };
    expect(admission(nearlyOver)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('lets a known device fail 5 times in its window, unslowed, and refuses the 6th', () => {
    const device = (failures: number) => ({ failures, msBeforeReset: 600_000 });
    for (let n = 1; n <= LOGIN_LIMITS.knownDevice.failures; n++)
      expect(deviceAdmission(device(n))).toEqual({ ...ADMITTED, by: 'known-device' });
    expect(deviceAdmission(device(6))).toEqual({ allowed: false, retryAfterSeconds: 600 });
  });
});

/** The throttle on counters in memory: what it counts, not how MongoDB stores it. */
function memoryThrottle() {
  const { store, failures } = memoryLimitStore();
  return { throttle: new LoginThrottle(store), failures };
}

const ACCOUNT = 'account-of-the-admin';
const from = (client: string, device?: string): ThrottleKeys => ({
  clientAccount: `${client}+${ACCOUNT}`,
  client,
  account: ACCOUNT,
  device,
});

/** One wrong password, as the sign-in reports it: refused or counted and left as a failure. */
const guess = (throttle: LoginThrottle, keys: ThrottleKeys): Promise<Admission> =>
  throttle.attempt(keys);

describe('LoginThrottle: what counts against the account', () => {
  it('105 wrong passwords from one address count 5 against the account, not 105', async () => {
    const { throttle, failures } = memoryThrottle();
    const attacker = from('203.0.113.7');
    const answers = await Promise.all(Array.from({ length: 105 }, () => guess(throttle, attacker)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(5);
    expect(answers.filter((a) => !a.allowed)).toHaveLength(100);
    expect(await failures('login-account', ACCOUNT)).toBe(5);
  });

  it('after them, an admin at another address mistypes and is neither slowed nor refused', async () => {
    const { throttle } = memoryThrottle();
    const attacker = from('203.0.113.7');
    await Promise.all(Array.from({ length: 105 }, () => guess(throttle, attacker)));
    const admin = from('198.51.100.20');
    expect(await guess(throttle, admin)).toEqual(ADMITTED);
    expect(await guess(throttle, admin)).toEqual(ADMITTED);
    const right = await throttle.attempt(admin);
    expect(right).toEqual(ADMITTED);
  });

  it('an attempt refused by the account ceiling is not counted on it', async () => {
    const { throttle, failures } = memoryThrottle();
    // A botnet: 20 addresses, 5 checked failures each, brings the account to its ceiling…
    for (let bot = 0; bot < 20; bot++) {
      for (let i = 0; i < 5; i++) await guess(throttle, from(`bot-${bot}`));
    }
    expect(await failures('login-account', ACCOUNT)).toBe(100);
    // …and the next address's first guess past it, slowed down.
    const newcomer = from('198.51.100.30');
    expect(await guess(throttle, newcomer)).toEqual({
      ...ADMITTED,
      slowDownMs: LOGIN_LIMITS.account.slowDownMs,
    });
    expect(await failures('login-account', ACCOUNT)).toBe(101);
    // Its second guesses are refused: never checked, so never counted.
    for (let i = 0; i < 10; i++) expect((await guess(throttle, newcomer)).allowed).toBe(false);
    expect(await failures('login-account', ACCOUNT)).toBe(101);
  });

  it('spares a known device: under attack, it fails 5 times unslowed, and only it is refused after', async () => {
    const { throttle, failures } = memoryThrottle();
    for (let bot = 0; bot < 25; bot++) {
      for (let i = 0; i < 5; i++) await guess(throttle, from(`bot-${bot}`));
    }
    const before = await failures('login-account', ACCOUNT);
    expect(before).toBeGreaterThan(LOGIN_LIMITS.account.failures);
    // The admin's laptop, from an address the attackers share (their counters are spent).
    const laptop = from('bot-0', 'laptop');
    for (let i = 0; i < LOGIN_LIMITS.knownDevice.failures; i++) {
      expect(await guess(throttle, laptop)).toEqual({ ...ADMITTED, by: 'known-device' });
    }
    expect(await guess(throttle, laptop)).toMatchObject({ allowed: false });
    // Its failures are its own: not the account's, not the address's.
    expect(await failures('login-account', ACCOUNT)).toBe(before);
    expect(await failures('login-device', 'laptop')).toBe(6);
  });

  it('a success forgets the known device failures; an unchecked attempt is given back', async () => {
    const { throttle, failures } = memoryThrottle();
    const laptop = from('198.51.100.40', 'laptop');
    await guess(throttle, laptop);
    const admitted = await throttle.attempt(laptop);
    if (!admitted.allowed) throw new Error('refused');
    await throttle.succeeded(laptop, admitted);
    expect(await failures('login-device', 'laptop')).toBe(0);

    const phone = from('198.51.100.41');
    const unchecked = await throttle.attempt(phone);
    if (!unchecked.allowed) throw new Error('refused');
    await throttle.unchecked(phone, unchecked);
    expect(await failures('login-account', ACCOUNT)).toBe(0);
    expect(await failures('login-client-account', phone.clientAccount)).toBe(0);
  });
});
