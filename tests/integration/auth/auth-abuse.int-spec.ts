import type { Connection, Model } from 'mongoose';
import { eventually, uniqueName } from '@handcheck/server-kit/testing';
import { AdminUsersRepository } from '../../../services/gateway/src/auth/admin-users.repository';
import {
  LOGIN_LIMITS,
  SESSION_CHECK_CACHE_MS,
} from '../../../services/gateway/src/auth/auth.constants';
import {
  NO_SCRIPT_LOGIN_MESSAGE,
  NO_SCRIPT_LOGIN_PATH,
} from '../../../services/gateway/src/auth/no-script-login';
import type { AdminUser } from '../../../services/gateway/src/auth/schemas/admin-user.schema';
import { authGatewayEnv, dropAndClose, openAdminUsers, postAuth } from '../../support/admin-auth';
import { type Running, startGateway } from '../../support/apps';

jest.setTimeout(180_000);

// Sign-in as an attacker would use it, on two gateway replicas sharing the test profile's
// MongoDB (FerretDB) in a database of their own. Both believe X-Forwarded-For from 127.0.0.1,
// so each request says which client it comes from.

const PASSWORD = 'a long enough password';
const WRONG = 'not the password at all';

let clients = 0;
/** A client address no other test uses (documentation range, then the next /16 when full). */
const newClient = () => {
  clients += 1;
  return `203.0.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};

describe('admin sign-in under abuse and concurrency', () => {
  const database = uniqueName('hc_auth_abuse');
  let replicaA: Running<object>;
  let replicaB: Running<object>;
  let connection: Connection;
  let users: Model<AdminUser>;

  beforeAll(async () => {
    ({ connection, users } = await openAdminUsers(database));
    const env = authGatewayEnv(database);
    [replicaA, replicaB] = await Promise.all([startGateway(env), startGateway(env)]);
  });

  afterAll(async () => {
    await replicaA?.close();
    await replicaB?.close();
    await dropAndClose(connection);
  });

  /** A fresh admin, so each test has its own account and counters. */
  async function newAdmin(): Promise<string> {
    const email = `${uniqueName('admin')}@example.com`;
    await new AdminUsersRepository(users).create(email, PASSWORD);
    return email;
  }

  function post(
    gateway: Running<object>,
    path: string,
    init: { body?: object; cookie?: string; from?: string } = {},
  ) {
    return postAuth(gateway.url, path, init.from ?? newClient(), init);
  }

  const login = (
    email: string,
    password: string,
    from?: string,
    gateway = replicaA,
    cookie?: string,
  ) => post(gateway, '/api/auth/login', { body: { email, password }, from, cookie });

  /**
   * One wrong guess from each bot, ten at a time: the botnet's guesses arrive together, and
   * the checks (argon2, slow by design) share the machine's cores instead of queueing.
   */
  async function botnetGuesses(email: string, bots: string[]): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < bots.length; i += 10) {
      const batch = bots.slice(i, i + 10).map((bot) => login(email, WRONG, bot));
      statuses.push(...(await Promise.all(batch)).map((response) => response.status));
    }
    return statuses;
  }

  /** The known-device cookie a sign-in sets, as `name=value`. */
  function knownDeviceCookie(response: Response): string {
    const header = response.headers.getSetCookie().find((c) => c.startsWith('hc_admin_device='));
    if (!header) throw new Error(`no known-device cookie set (status ${response.status})`);
    return header.split(';')[0]!;
  }

  /** A sign-in's status and how long it took to answer. */
  async function timedLogin(...args: Parameters<typeof login>) {
    const started = performance.now();
    const { status } = await login(...args);
    return { status, ms: performance.now() - started };
  }

  /** The refresh cookie a response sets, as `name=value`. */
  function refreshCookie(response: Response): string {
    const header = response.headers.getSetCookie().find((c) => c.startsWith('hc_admin_refresh='));
    if (!header) throw new Error(`no refresh cookie set (status ${response.status})`);
    return header.split(';')[0]!;
  }

  async function signIn(email: string, gateway = replicaA) {
    const response = await login(email, PASSWORD, undefined, gateway);
    expect(response.status).toBe(200);
    const { accessToken } = (await response.json()) as { accessToken: string };
    return { accessToken, cookie: refreshCookie(response) };
  }

  const refresh = (cookie: string, gateway = replicaA) =>
    post(gateway, '/api/auth/refresh', { cookie });

  /** What an admin route answers the token: 401 once the guard refuses it. */
  async function adminStatus(token: string, gateway = replicaA): Promise<number> {
    const response = await fetch(`${gateway.url}/api/auth/session`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return response.status;
  }

  /** An /api/admin/* route: 401 from the guard, anything else means the token was let through. */
  async function adminRouteRefuses(token: string, gateway = replicaA): Promise<boolean> {
    const response = await fetch(`${gateway.url}/api/admin/dashboard`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(30_000),
    });
    return response.status === 401;
  }

  describe('the throttle slows only the attacker', () => {
    it('30 wrong passwords from one address, then the right one from another signs in', async () => {
      const email = await newAdmin();
      const attacker = newClient();
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await login(email, WRONG, attacker)).status);
      const limit = LOGIN_LIMITS.clientAccount.failures;
      expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(401));
      expect(new Set(statuses.slice(limit))).toEqual(new Set([429]));
      // The attacker is still refused, the right password included…
      expect((await login(email, PASSWORD, attacker)).status).toBe(429);
      // …and the admin, from anywhere else, is not.
      expect((await login(email, PASSWORD, newClient())).status).toBe(200);
    });

    it('refuses one client on one account after 5 failures, with Retry-After up to 15 minutes', async () => {
      const email = await newAdmin();
      const from = newClient();
      for (let i = 0; i < 5; i++) expect((await login(email, WRONG, from)).status).toBe(401);
      const refused = await login(email, WRONG, from);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(LOGIN_LIMITS.clientAccount.windowSeconds);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /^Too many sign-in attempts\. Please try again in \d+ seconds?\.$/,
      );
    });

    it('counts in MongoDB: two replicas share one limit, not one each', async () => {
      const email = await newAdmin();
      const from = newClient();
      for (let i = 0; i < 3; i++)
        expect((await login(email, WRONG, from, replicaA)).status).toBe(401);
      for (let i = 0; i < 2; i++)
        expect((await login(email, WRONG, from, replicaB)).status).toBe(401);
      expect((await login(email, WRONG, from, replicaA)).status).toBe(429);
      expect((await login(email, WRONG, from, replicaB)).status).toBe(429);
    });

    it('counts parallel guesses from one client exactly: at most 5 are checked', async () => {
      const email = await newAdmin();
      const from = newClient();
      const statuses = await Promise.all(
        Array.from({ length: 12 }, () => login(email, WRONG, from).then((r) => r.status)),
      );
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    });

    it('past the account ceiling, refuses clients that failed on it and still signs in one that has not', async () => {
      const email = await newAdmin();
      // A botnet: one guess from each of more addresses than the ceiling allows.
      const bots = Array.from({ length: LOGIN_LIMITS.account.failures }, () => newClient());
      expect(await botnetGuesses(email, bots)).toEqual(bots.map(() => 401));
      // Over the ceiling now: a bot that guessed before is refused, even with the password…
      expect((await login(email, PASSWORD, bots[0])).status).toBe(429);
      // …while the admin, from an address that has not failed, signs in (slowed down).
      expect((await login(email, PASSWORD, newClient())).status).toBe(200);
    });
  });

  describe('nobody can spend the account ceiling alone, and known devices are spared', () => {
    it('105 wrong passwords from one address at once: the admin elsewhere mistypes once, then signs in unslowed', async () => {
      const email = await newAdmin();
      const attacker = newClient();
      const statuses = await Promise.all(
        Array.from({ length: 105 }, () => login(email, WRONG, attacker).then((r) => r.status)),
      );
      expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.clientAccount.failures);
      expect(statuses.filter((s) => s === 429)).toHaveLength(100);
      // Only the 5 checked guesses count against the account: far from its ceiling.
      const admin = newClient();
      const mistyped = await timedLogin(email, WRONG, admin);
      expect(mistyped.status).toBe(401);
      const signedIn = await timedLogin(email, PASSWORD, admin, replicaB);
      expect(signedIn.status).toBe(200);
      expect(mistyped.ms).toBeLessThan(LOGIN_LIMITS.account.slowDownMs);
      expect(signedIn.ms).toBeLessThan(LOGIN_LIMITS.account.slowDownMs);
    });

    it('past the account ceiling, a device that signed in before mistypes twice, unslowed and unrefused', async () => {
      const email = await newAdmin();
      const earlier = await login(email, PASSWORD);
      expect(earlier.status).toBe(200);
      const device = knownDeviceCookie(earlier);
      expect(earlier.headers.getSetCookie().find((c) => c.startsWith('hc_admin_device='))).toMatch(
        /; Path=\/api\/auth\/login; .*HttpOnly.*SameSite=Strict/,
      );
      // A botnet: one guess from each of more addresses than the ceiling allows.
      const bots = Array.from({ length: LOGIN_LIMITS.account.failures + 1 }, () => newClient());
      expect(await botnetGuesses(email, bots)).toEqual(bots.map(() => 401));
      // An unknown client that failed is refused now…
      expect((await login(email, PASSWORD, bots[0])).status).toBe(429);
      // …the admin's own browser is not, from an address it never used, on either replica.
      const from = newClient();
      const answers = [
        await timedLogin(email, WRONG, from, replicaA, device),
        await timedLogin(email, WRONG, from, replicaB, device),
        await timedLogin(email, PASSWORD, from, replicaA, device),
      ];
      expect(answers.map((a) => a.status)).toEqual([401, 401, 200]);
      for (const answer of answers) expect(answer.ms).toBeLessThan(LOGIN_LIMITS.account.slowDownMs);
    });

    it('a known device is limited by its own failures, wherever it comes from', async () => {
      const email = await newAdmin();
      const device = knownDeviceCookie(await login(email, PASSWORD));
      const limit = LOGIN_LIMITS.knownDevice.failures;
      // Each guess from another address: the address counters never reach their limits.
      for (let i = 0; i < limit; i++)
        expect((await login(email, WRONG, newClient(), replicaA, device)).status).toBe(401);
      const refused = await login(email, PASSWORD, newClient(), replicaB, device);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(
        LOGIN_LIMITS.knownDevice.windowSeconds,
      );
    });

    it("another account's known-device cookie, or a forged one, spares nobody", async () => {
      const email = await newAdmin();
      const otherDevice = knownDeviceCookie(await login(await newAdmin(), PASSWORD));
      const from = newClient();
      for (const cookie of [otherDevice, 'hc_admin_device=forged.1764400000.c2lnbmF0dXJl']) {
        expect((await login(email, WRONG, from, replicaA, cookie)).status).toBe(401);
      }
      // Counted as this address's failures on the account, as without a cookie.
      for (let i = 2; i < LOGIN_LIMITS.clientAccount.failures; i++)
        expect((await login(email, WRONG, from, replicaA, otherDevice)).status).toBe(401);
      expect((await login(email, PASSWORD, from, replicaA, otherDevice)).status).toBe(429);
    });
  });

  describe('refresh rotation is atomic', () => {
    it.each([2, 4, 8])(
      '%i parallel refreshes with one token: exactly one 200, then the whole family is refused',
      async (parallel) => {
        const email = await newAdmin();
        const first = await signIn(email);
        // Half through each replica: the claim holds across processes too.
        const answers = await Promise.all(
          Array.from({ length: parallel }, (_, i) =>
            refresh(first.cookie, i % 2 === 0 ? replicaA : replicaB),
          ),
        );
        const winners = answers.filter((r) => r.status === 200);
        expect(answers.map((r) => r.status).sort()).toEqual([
          200,
          ...Array<number>(parallel - 1).fill(401),
        ]);
        const winner = winners[0]!;
        const next = refreshCookie(winner);
        const { accessToken } = (await winner.json()) as { accessToken: string };
        // Reuse revoked the family: the winner's new pair and the first one all stop.
        expect((await refresh(next)).status).toBe(401);
        expect((await refresh(first.cookie)).status).toBe(401);
        for (const gateway of [replicaA, replicaB]) {
          expect(await adminStatus(accessToken, gateway)).toBe(401);
          expect(await adminStatus(first.accessToken, gateway)).toBe(401);
        }
      },
    );

    it('one refresh at a time keeps the sign-in going (several rotations, both replicas)', async () => {
      const email = await newAdmin();
      let { cookie, accessToken } = await signIn(email);
      for (let i = 0; i < 4; i++) {
        const answer = await refresh(cookie, i % 2 === 0 ? replicaA : replicaB);
        expect(answer.status).toBe(200);
        cookie = refreshCookie(answer);
        accessToken = ((await answer.json()) as { accessToken: string }).accessToken;
      }
      expect(await adminStatus(accessToken)).toBe(200);
    });
  });

  describe('access tokens die with their session', () => {
    it('after logout: refused at once on that replica, within seconds on the other', async () => {
      const email = await newAdmin();
      const { accessToken, cookie } = await signIn(email);
      expect(await adminStatus(accessToken, replicaA)).toBe(200);
      expect(await adminStatus(accessToken, replicaB)).toBe(200); // now cached on B
      expect((await post(replicaA, '/api/auth/logout', { cookie })).status).toBe(204);
      expect(await adminRouteRefuses(accessToken, replicaA)).toBe(true);
      expect(await adminStatus(accessToken, replicaA)).toBe(401);
      await eventually(
        async () => ((await adminStatus(accessToken, replicaB)) === 401 ? true : undefined),
        SESSION_CHECK_CACHE_MS + 5000,
        250,
      );
      expect(await adminRouteRefuses(accessToken, replicaB)).toBe(true);
    });

    it('after its family is revoked by reuse', async () => {
      const email = await newAdmin();
      const { accessToken, cookie } = await signIn(email);
      const rotated = await refresh(cookie);
      expect(rotated.status).toBe(200);
      const { accessToken: newer } = (await rotated.json()) as { accessToken: string };
      expect(await adminStatus(newer)).toBe(200);
      // The used token again: reuse. Every access token of the sign-in stops.
      expect((await refresh(cookie)).status).toBe(401);
      expect(await adminRouteRefuses(accessToken)).toBe(true);
      expect(await adminRouteRefuses(newer)).toBe(true);
    });

    it('after the admin is deleted from the store, within seconds', async () => {
      const email = await newAdmin();
      const { accessToken } = await signIn(email);
      expect(await adminStatus(accessToken)).toBe(200);
      await users.deleteOne({ email });
      await eventually(
        async () => ((await adminStatus(accessToken)) === 401 ? true : undefined),
        SESSION_CHECK_CACHE_MS + 5000,
        250,
      );
      expect(await adminRouteRefuses(accessToken)).toBe(true);
    });

    it('other sign-ins of the same admin keep working after one signs out', async () => {
      const email = await newAdmin();
      const one = await signIn(email);
      const other = await signIn(email);
      expect((await post(replicaA, '/api/auth/logout', { cookie: one.cookie })).status).toBe(204);
      expect(await adminStatus(one.accessToken)).toBe(401);
      expect(await adminStatus(other.accessToken)).toBe(200);
    });
  });

  describe('the sign-in form without JavaScript', () => {
    it('posts to a route that says sign-in needs JavaScript, and signs nobody in', async () => {
      const email = await newAdmin();
      const response = await fetch(`${replicaA.url}${NO_SCRIPT_LOGIN_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password: PASSWORD }).toString(),
        redirect: 'manual',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.getSetCookie()).toEqual([]);
      const html = await response.text();
      expect(html).toContain(NO_SCRIPT_LOGIN_MESSAGE);
      expect(html).not.toContain(PASSWORD);
      expect(html).not.toContain(email);
    });

    it('is what the served /admin/login form posts to, never a GET', async () => {
      const html = await (await fetch(`${replicaA.url}/admin/login`)).text();
      const forms = [...html.matchAll(/<form\b[^>]*>/g)].map((m) => m[0]);
      const signIn = forms.find((tag) => tag.includes('aria-label="Admin sign-in"'));
      expect(signIn).toBeDefined();
      expect(signIn).toMatch(/\smethod="post"/);
      expect(signIn).toContain(`action="${NO_SCRIPT_LOGIN_PATH}"`);
    });
  });
});
