import { spawn } from 'node:child_process';
import { type Server, type Socket, connect, createServer } from 'node:net';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import mongoose, { type Connection, type Model } from 'mongoose';
import { ConfigError } from '@handcheck/server-kit';
import { REPO_ROOT, eventually, testInfra, uniqueName } from '@handcheck/server-kit/testing';
import { AdminUsersRepository } from '../../../services/gateway/src/auth/admin-users.repository';
import {
  AdminUser,
  AdminUserSchema,
} from '../../../services/gateway/src/auth/schemas/admin-user.schema';
import {
  RefreshToken,
  RefreshTokenSchema,
} from '../../../services/gateway/src/auth/schemas/refresh-token.schema';
import {
  TEST_JWT_SECRET,
  authGatewayEnv,
  databaseUrl,
  dropAndClose,
  openAdminUsers,
  postAuth,
} from '../../support/admin-auth';
import { type Running, startGateway } from '../../support/apps';

jest.setTimeout(120_000);

// Admin sign-in on the real gateway and the real MongoDB (FerretDB) of the test profile,
// in a database of its own. The gateway believes X-Forwarded-For from 127.0.0.1 here, so
// each test is its own client for the per-client sign-in limit.

const SECRET = TEST_JWT_SECRET;
const PASSWORD = 'a long enough password';
const GENERIC = 'Invalid email or password.';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function jwt(header: object, payload: object, secret?: string): string {
  const body = `${b64(header)}.${b64(payload)}`;
  const signature = secret ? createHmac('sha256', secret).update(body).digest('base64url') : '';
  return `${body}.${signature}`;
}

let client = 0;
/** A client address no other test uses. */
const newClient = () => `198.51.100.${++client}`;

describe('admin authentication', () => {
  const database = uniqueName('hc_auth');
  let gateway: Running<object>;
  let connection: Connection;
  let users: Model<AdminUser>;
  let refreshTokens: Model<RefreshToken>;
  const email = `${uniqueName('admin')}@example.com`;

  beforeAll(async () => {
    ({ connection, users } = await openAdminUsers(database));
    refreshTokens = connection.model(RefreshToken.name, RefreshTokenSchema);
    // The code `npm run admin:create` runs.
    await new AdminUsersRepository(users).create(email.toUpperCase(), PASSWORD);
    gateway = await startGateway(authGatewayEnv(database));
  });

  afterAll(async () => {
    await gateway?.close();
    await dropAndClose(connection);
  });

  function post(
    path: string,
    init: { body?: object; cookie?: string; from?: string; headers?: Record<string, string> } = {},
  ) {
    return postAuth(gateway.url, path, init.from ?? newClient(), init);
  }

  const login = (body: object, from?: string) => post('/api/auth/login', { body, from });

  /** The refresh cookie a response sets, as `name=value`, and its attributes. */
  function refreshCookie(response: Response): { pair: string; attributes: string } {
    const header = response.headers.getSetCookie().find((c) => c.startsWith('hc_admin_refresh='));
    if (!header) throw new Error('no refresh cookie set');
    const [pair, ...attributes] = header.split(';').map((part) => part.trim());
    return { pair: pair!, attributes: attributes.join('; ') };
  }

  const session = (token: string) =>
    fetch(`${gateway.url}/api/auth/session`, { headers: { authorization: `Bearer ${token}` } });

  it('stores the admin lower-cased with an argon2id hash, never the password', async () => {
    const stored = await users.findOne({ email }).lean();
    expect(stored?.email).toBe(email);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
  });

  it('answers a wrong password with 401 and the generic message', async () => {
    const response = await login({ email, password: 'not the password at all' });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe(GENERIC);
  });

  it('answers an unknown email with exactly the same 401', async () => {
    const response = await login({ email: 'nobody@example.com', password: PASSWORD });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe(GENERIC);
  });

  it('signs in (whatever the email case) with a 15-minute token and a strict httpOnly cookie', async () => {
    const response = await login({ email: email.toUpperCase(), password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as {
      accessToken: string;
      expiresAt: string;
      user: { email: string };
    };
    expect(body.user).toEqual({ email });
    const minutes = (Date.parse(body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const { attributes } = refreshCookie(response);
    expect(attributes).toMatch(/HttpOnly/);
    expect(attributes).toMatch(/SameSite=Strict/);
    expect(attributes).toMatch(/Path=\/api\/auth/);
    // The site is plain http on localhost here (SITE_ORIGIN's default): a Secure cookie would not come back.
    expect(attributes).not.toMatch(/Secure/);
    const current = await session(body.accessToken);
    expect(current.status).toBe(200);
    expect(await current.json()).toEqual({ user: { email }, expiresAt: body.expiresAt });
  });

  it.each(['https://handcheck.example', 'http://handcheck.test'])(
    'sets Secure sign-in cookies when the site is %s, whatever NODE_ENV',
    async (siteOrigin) => {
      const secureSite = await startGateway({
        ...authGatewayEnv(database),
        NODE_ENV: 'development',
        SITE_ORIGIN: siteOrigin,
      });
      try {
        const response = await postAuth(secureSite.url, '/api/auth/login', newClient(), {
          body: { email, password: PASSWORD },
        });
        expect(response.status).toBe(200);
        const cookies = response.headers.getSetCookie();
        expect(cookies.map((c) => c.split('=')[0]).sort()).toEqual([
          'hc_admin_device',
          'hc_admin_refresh',
        ]);
        for (const cookie of cookies) expect(cookie).toMatch(/; Secure(;|$)/);
      } finally {
        await secureSite.close();
      }
    },
  );

  it('refuses a sign-in without the site header (cross-site) with 403', async () => {
    const response = await fetch(`${gateway.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': newClient() },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(response.status).toBe(403);
  });

  it('never locks the admin out from elsewhere: 5 failures from one client refuse only that client', async () => {
    const from = newClient();
    for (let i = 0; i < 5; i++) {
      expect((await login({ email, password: 'wrong password!' }, from)).status).toBe(401);
    }
    const refused = await login({ email, password: PASSWORD }, from);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Too many sign-in attempts\. Please try again in \d+ seconds?\.$/,
    );
    expect((await login({ email, password: PASSWORD })).status).toBe(200);
  });

  it('throttles one client after 20 failures an hour, whatever the emails', async () => {
    const from = newClient();
    for (let i = 0; i < 20; i++) {
      expect(
        (await login({ email: `guess${i}@example.com`, password: 'wrong password!' }, from)).status,
      ).toBe(401);
    }
    const refused = await login({ email, password: PASSWORD }, from);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another client is not affected.
    expect((await login({ email, password: PASSWORD })).status).toBe(200);
  });

  describe('an admin route refuses', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const claims = () => ({ sub: 'x', email, sid: 's', jti: 'j', iat: now(), exp: now() + 600 });

    it('no token', async () => {
      expect((await fetch(`${gateway.url}/api/auth/session`)).status).toBe(401);
    });

    it('a token signed with another key', async () => {
      const forged = jwt(
        { alg: 'HS256', typ: 'JWT' },
        claims(),
        'another key of at least 32 bytes!!',
      );
      expect((await session(forged)).status).toBe(401);
    });

    it('an expired token signed with the right key', async () => {
      const expired = jwt(
        { alg: 'HS256', typ: 'JWT' },
        { ...claims(), iat: now() - 1000, exp: now() - 10 },
        SECRET,
      );
      expect((await session(expired)).status).toBe(401);
    });

    it('an unsigned alg:none token', async () => {
      expect((await session(jwt({ alg: 'none', typ: 'JWT' }, claims()))).status).toBe(401);
    });

    it('a token with the right key for a sign-in that does not exist', async () => {
      expect((await session(jwt({ alg: 'HS256', typ: 'JWT' }, claims(), SECRET))).status).toBe(401);
    });

    it('but takes a hand-made token with the right key for a real sign-in (so the refusals above mean something)', async () => {
      const signedIn = (await (await login({ email, password: PASSWORD })).json()) as {
        accessToken: string;
      };
      const real = JSON.parse(
        Buffer.from(signedIn.accessToken.split('.')[1]!, 'base64url').toString(),
      ) as { sub: string; sid: string };
      const handMade = jwt(
        { alg: 'HS256', typ: 'JWT' },
        { ...claims(), sub: real.sub, sid: real.sid },
        SECRET,
      );
      expect((await session(handMade)).status).toBe(200);
    });
  });

  it('rotates the refresh token; reusing a used one revokes the whole family', async () => {
    const first = refreshCookie(await login({ email, password: PASSWORD }));
    const refreshed = await post('/api/auth/refresh', { cookie: first.pair });
    expect(refreshed.status).toBe(200);
    const second = refreshCookie(refreshed);
    expect(second.pair).not.toBe(first.pair);
    // The sign-in keeps its end: refreshing never extends it.
    const expires = (attributes: string) => /Expires=([^;]+)/.exec(attributes)?.[1];
    expect(expires(second.attributes)).toBe(expires(first.attributes));
    const { accessToken } = (await refreshed.json()) as { accessToken: string };
    expect((await session(accessToken)).status).toBe(200);

    // The first token again: someone copied it. Refused, and the family with it.
    expect((await post('/api/auth/refresh', { cookie: first.pair })).status).toBe(401);
    expect((await post('/api/auth/refresh', { cookie: second.pair })).status).toBe(401);
    const family = await refreshTokens.find({ tokenHash: { $exists: true } }).lean();
    const revoked = family.filter((t) => t.revokedAt);
    expect(revoked.length).toBeGreaterThanOrEqual(2);
  });

  it('answers a refresh without a cookie with 204: nobody is signed in', async () => {
    const response = await post('/api/auth/refresh');
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('lets a client that signs in successfully keep signing in (only failures count)', async () => {
    const from = newClient();
    for (let i = 0; i < 7; i++) {
      expect((await login({ email, password: PASSWORD }, from)).status).toBe(200);
    }
  });

  it('ends the sessions of an admin removed from the store', async () => {
    const removed = `${uniqueName('removed')}@example.com`;
    await new AdminUsersRepository(users).create(removed, PASSWORD);
    const { pair } = refreshCookie(await login({ email: removed, password: PASSWORD }));
    await users.deleteOne({ email: removed });
    expect((await post('/api/auth/refresh', { cookie: pair })).status).toBe(401);
  });

  it('refuses a refresh without the site header or from another site (403)', async () => {
    const { pair } = refreshCookie(await login({ email, password: PASSWORD }));
    const noHeader = await fetch(`${gateway.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: pair },
    });
    expect(noHeader.status).toBe(403);
    const crossSite = await post('/api/auth/refresh', {
      cookie: pair,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    // Refused before use: the token still works from the site.
    expect((await post('/api/auth/refresh', { cookie: pair })).status).toBe(200);
  });

  it('logs out: the family is revoked and the cookie cleared', async () => {
    const { pair } = refreshCookie(await login({ email, password: PASSWORD }));
    const out = await post('/api/auth/logout', { cookie: pair });
    expect(out.status).toBe(204);
    expect(refreshCookie(out).attributes).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await post('/api/auth/refresh', { cookie: pair })).status).toBe(401);
  });

  it('refuses to start in production without JWT_SECRET, naming it', async () => {
    await expect(
      startGateway({ NODE_ENV: 'production', MONGO_URL: databaseUrl(database) }),
    ).rejects.toThrow(ConfigError);
    await expect(startGateway({ NODE_ENV: 'production' })).rejects.toThrow(
      /JWT_SECRET must be at least 32 bytes/,
    );
    const short = 'only-thirty-one-bytes-long-here';
    await expect(startGateway({ NODE_ENV: 'production', JWT_SECRET: short })).rejects.toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(short) }) as Error,
    );
  });

  describe('npm run admin:create', () => {
    function createAdminCli(
      args: string[],
      stdin: string,
    ): Promise<{ code: number | null; output: string }> {
      return new Promise((resolve, reject) => {
        const child = spawn(
          join(REPO_ROOT, 'node_modules/.bin/tsx'),
          [join(REPO_ROOT, 'services/gateway/src/auth/cli/create-admin.ts'), ...args],
          {
            env: { PATH: process.env.PATH, MONGO_URL: databaseUrl(database) },
            stdio: ['pipe', 'pipe', 'pipe'],
          },
        );
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, output }));
        child.stdin.end(stdin);
      });
    }

    it('reads the password from stdin and the admin can sign in', async () => {
      const cliEmail = `${uniqueName('cli')}@Example.com`;
      const result = await createAdminCli(['--email', cliEmail], 'piped password 123\n');
      expect(result).toMatchObject({ code: 0 });
      expect(result.output).toContain(`Admin ${cliEmail.toLowerCase()} created.`);
      expect(result.output).not.toContain('piped password 123');
      expect((await login({ email: cliEmail, password: 'piped password 123' })).status).toBe(200);
    });

    it('refuses a short password, an existing email and a password argument', async () => {
      expect(
        await createAdminCli(['--email', `${uniqueName('s')}@example.com`], 'short\n'),
      ).toMatchObject({
        code: 1,
        output: expect.stringContaining('at least 12 characters') as string,
      });
      expect(
        await createAdminCli(['--email', email.toUpperCase()], 'another long password\n'),
      ).toMatchObject({
        code: 1,
        output: expect.stringContaining('already exists') as string,
      });
      expect((await createAdminCli(['--email', 'x@example.com', '--password', 'p'], '')).code).toBe(
        2,
      );
    });
  });

  it('creates the bootstrap admin from the environment when no admin exists', async () => {
    const fresh = uniqueName('hc_auth_boot');
    const boot = `${uniqueName('boot')}@example.com`;
    const second = await startGateway({
      MONGO_URL: databaseUrl(fresh),
      JWT_SECRET: SECRET,
      TRUSTED_PROXIES: '127.0.0.1',
      ADMIN_BOOTSTRAP_EMAIL: boot,
      ADMIN_BOOTSTRAP_PASSWORD: 'bootstrap password',
    });
    const other = await mongoose.createConnection(databaseUrl(fresh)).asPromise();
    try {
      const bootUsers = other.model(AdminUser.name, AdminUserSchema);
      const waitForAdmin = async (): Promise<number> => {
        for (let i = 0; i < 50; i++) {
          const count = await bootUsers.countDocuments();
          if (count > 0) return count;
          await new Promise((r) => setTimeout(r, 100));
        }
        return 0;
      };
      expect(await waitForAdmin()).toBe(1);
      const signIn = await fetch(`${second.url}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-handcheck-auth': '1',
          'x-forwarded-for': newClient(),
        },
        body: JSON.stringify({ email: boot, password: 'bootstrap password' }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      await second.close();
      await other.dropDatabase().catch(() => undefined);
      await other.close();
    }
  });
});

describe('the gateway without MongoDB at start', () => {
  // A port where MongoDB is not (yet): later a TCP relay to the real one opens there, as
  // when MongoDB comes up after the gateway. The shared test engine is never stopped.
  let relay: Server | undefined;
  const sockets = new Set<Socket>();
  let gateway: Running<object> | undefined;

  afterAll(async () => {
    await gateway?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => (relay ? relay.close(resolve) : resolve(undefined)));
  });

  async function freePort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it('serves the site and is ready, refuses sign-in with 503, then signs in once MongoDB comes', async () => {
    const port = await freePort();
    const database = uniqueName('hc_auth_late');
    const email = `${uniqueName('late')}@example.com`;
    gateway = await startGateway({
      MONGO_URL: `mongodb://127.0.0.1:${port}/${database}`,
      JWT_SECRET: SECRET,
      TRUSTED_PROXIES: '127.0.0.1',
    });
    expect((await fetch(`${gateway.url}/api/health/ready`)).status).toBe(200);
    const signIn = () =>
      fetch(`${gateway!.url}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-handcheck-auth': '1',
          'x-forwarded-for': newClient(),
        },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
    const refused = await signIn();
    expect(refused.status).toBe(503);

    const target = new URL(testInfra().mongoUrl);
    relay = createServer((socket) => {
      const upstream = connect(Number(target.port), target.hostname);
      sockets.add(socket).add(upstream);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => relay!.listen(port, '127.0.0.1', resolve));
    const connection = await mongoose.createConnection(databaseUrl(database)).asPromise();
    try {
      await new AdminUsersRepository(connection.model(AdminUser.name, AdminUserSchema)).create(
        email,
        PASSWORD,
      );
      await eventually(
        async () => ((await signIn()).status === 200 ? true : undefined),
        60_000,
        1000,
      );
    } finally {
      await connection.dropDatabase().catch(() => undefined);
      await connection.close();
    }
  });
});
