import { HttpException, Logger } from '@nestjs/common';
import { Algorithm, hash } from '@node-rs/argon2';
import { memoryLimitStore } from '@handcheck/server-kit/testing';
import { type GatewayEnv } from '../config/gateway.env';
import { type AdminUsersRepository } from './admin-users.repository';
import { AuthKeys } from './auth-keys.service';
import { LOGIN_LIMITS } from './auth.constants';
import { LoginService, type SignedIn } from './login.service';
import { LoginThrottle } from './login-throttle.service';
import { type IssuedSession, type TokenService } from './token.service';

const EMAIL = 'admin@example.com';
const PASSWORD = 'the right password';
const WRONG = 'not the password at all';

/** The whole sign-in on counters in memory; the admin's hash is cheap, its checks are real. */
async function signInService(options: { storeFails?: () => boolean } = {}) {
  // argon2id at test cost: the attempts are what is tested, not the hash's price.
  const passwordHash = await hash(PASSWORD, {
    algorithm: Algorithm.Argon2id,
    memoryCost: 1024,
    timeCost: 1,
    parallelism: 1,
  });
  const users = {
    findByEmail: async (email: string) => {
      if (options.storeFails?.()) throw new Error('MongoDB is unreachable');
      return email === EMAIL ? { _id: 'admin-1', email, passwordHash } : null;
    },
    recordSignIn: async () => undefined,
  };
  const tokens = {
    startSession: async (user: { email: string }): Promise<IssuedSession> => ({
      accessToken: 'access',
      expiresAt: new Date().toISOString(),
      user: { email: user.email },
      refreshToken: 'refresh',
      refreshExpiresAt: new Date(),
    }),
  };
  const { store, failures } = memoryLimitStore();
  const keys = new AuthKeys({ JWT_SECRET: 's'.repeat(32) } as GatewayEnv);
  const service = new LoginService(
    keys,
    // Only the methods a sign-in calls; the rest of each class is not reached.
    tokens as unknown as TokenService,
    new LoginThrottle(store),
    users as unknown as AdminUsersRepository,
  );
  /** Checked failures on the admin's account in this hour. */
  const accountFailures = () => failures('login-account', keys.fingerprint(`email:${EMAIL}`));
  return { service, accountFailures };
}

/** The HTTP status a sign-in ends with (200 for a session), and how long it took. */
async function status(attempt: Promise<SignedIn>): Promise<{ code: number; ms: number }> {
  const started = performance.now();
  const code = await attempt.then(
    () => 200,
    (error: unknown) => (error instanceof HttpException ? error.getStatus() : 500),
  );
  return { code, ms: performance.now() - started };
}

const codes = (answers: { code: number }[]) => answers.map((a) => a.code);

beforeAll(() => Logger.overrideLogger(false));

describe('LoginService under attack', () => {
  it('105 wrong passwords from one address: the admin elsewhere mistypes once, then signs in at once', async () => {
    const { service, accountFailures } = await signInService();
    const attacker = '203.0.113.7';
    const answers = await Promise.all(
      Array.from({ length: 105 }, () => status(service.login(EMAIL, WRONG, attacker))),
    );
    expect(codes(answers).filter((c) => c === 401)).toHaveLength(5);
    expect(codes(answers).filter((c) => c === 429)).toHaveLength(100);
    expect(await accountFailures()).toBe(5);

    const admin = '198.51.100.20';
    const mistyped = await status(service.login(EMAIL, WRONG, admin));
    expect(mistyped.code).toBe(401);
    const signedIn = await status(service.login(EMAIL, PASSWORD, admin));
    expect(signedIn.code).toBe(200);
    // Nothing slowed down: the account never passed its ceiling.
    expect(mistyped.ms + signedIn.ms).toBeLessThan(LOGIN_LIMITS.account.slowDownMs);
  });

  it('past the account ceiling, a known device mistypes twice, unslowed, then signs in', async () => {
    const { service, accountFailures } = await signInService();
    const earlier = await service.login(EMAIL, PASSWORD, '198.51.100.20');
    expect(earlier.knownDevice).toEqual(expect.any(String));

    // A botnet: 21 addresses, 5 guesses each (the last few slowed down once the ceiling passed).
    await Promise.all(
      Array.from({ length: 21 }, (_, bot) =>
        Promise.all(
          Array.from({ length: 5 }, () =>
            status(service.login(EMAIL, WRONG, `203.0.113.${bot + 1}`)),
          ),
        ),
      ),
    );
    expect(await accountFailures()).toBeGreaterThan(LOGIN_LIMITS.account.failures);

    // The admin's laptop, from yet another address, with the cookie of its earlier sign-in.
    const laptop = (password: string) =>
      status(service.login(EMAIL, password, '192.0.2.50', earlier.knownDevice));
    const answers = [await laptop(WRONG), await laptop(WRONG), await laptop(PASSWORD)];
    expect(codes(answers)).toEqual([401, 401, 200]);
    for (const answer of answers) expect(answer.ms).toBeLessThan(LOGIN_LIMITS.account.slowDownMs);
  });

  it('gives a fresh known-device cookie at every sign-in, none on a failure', async () => {
    const { service } = await signInService();
    const first = await service.login(EMAIL, PASSWORD, '198.51.100.21');
    const second = await service.login(EMAIL, PASSWORD, '198.51.100.21', first.knownDevice);
    expect(second.knownDevice).not.toBe(first.knownDevice);
    await expect(service.login(EMAIL, WRONG, '198.51.100.21')).rejects.toThrow(
      'Invalid email or password.',
    );
  });

  it('does not count an attempt whose password was never checked (the admin store failed)', async () => {
    let storeDown = true;
    const { service } = await signInService({ storeFails: () => storeDown });
    const client = '198.51.100.22';
    for (let i = 0; i < 10; i++) {
      expect((await status(service.login(EMAIL, WRONG, client))).code).toBe(503);
    }
    storeDown = false;
    // All five failures of the window are still the client's to use.
    for (let i = 0; i < LOGIN_LIMITS.clientAccount.failures; i++) {
      expect((await status(service.login(EMAIL, WRONG, client))).code).toBe(401);
    }
    expect((await status(service.login(EMAIL, WRONG, client))).code).toBe(429);
  });
});
