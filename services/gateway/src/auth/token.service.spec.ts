import { createHmac } from 'node:crypto';
import { type GatewayEnv } from '../config/gateway.env';
import { AuthKeys } from './auth-keys.service';
import { ACCESS_TOKEN_SECONDS } from './auth.constants';
import { TokenService, hashRefreshToken } from './token.service';

const SECRET = 'a'.repeat(32);
const OTHER = 'b'.repeat(32);

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT made by hand, so the test does not trust the library it checks. */
function jwt(header: object, payload: object, secret?: string): string {
  const body = `${b64(header)}.${b64(payload)}`;
  const signature = secret ? createHmac('sha256', secret).update(body).digest('base64url') : '';
  return `${body}.${signature}`;
}

const now = () => Math.floor(Date.now() / 1000);
const claims = () => ({
  sub: 'u1',
  email: 'a@b.c',
  sid: 'f1',
  jti: 'j1',
  iat: now(),
  exp: now() + 60,
});

function service(secret = SECRET): TokenService {
  // The models and the session check are not used by the access-token methods tested here.
  return new TokenService(
    new AuthKeys({ JWT_SECRET: secret } as GatewayEnv),
    {} as never,
    {} as never,
    {} as never,
    {} as never,
    {} as never,
  );
}

describe('TokenService access tokens', () => {
  it('signs HS256 tokens with sub, email, sid and a fresh jti that live 15 minutes', () => {
    const tokens = service();
    const first = tokens.signAccess({ id: 'u1', email: 'a@b.c' }, 'f1');
    const second = tokens.signAccess({ id: 'u1', email: 'a@b.c' }, 'f1');
    const [header, payload] = first.accessToken
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: 'u1', email: 'a@b.c', sid: 'f1' });
    expect(payload.exp - payload.iat).toBe(ACCESS_TOKEN_SECONDS);
    expect(typeof payload.jti).toBe('string');
    expect(tokens.verifyAccess(second.accessToken).jti).not.toBe(payload.jti);
    expect(new Date(first.expiresAt).getTime()).toBe(payload.exp * 1000);
  });

  it('accepts a token it signed', () => {
    const tokens = service();
    const { accessToken } = tokens.signAccess({ id: 'u1', email: 'a@b.c' }, 'f1');
    expect(tokens.verifyAccess(accessToken)).toMatchObject({ sub: 'u1', email: 'a@b.c' });
  });

  it('accepts a hand-made token with the right key (the check above is not circular)', () => {
    expect(service().verifyAccess(jwt({ alg: 'HS256', typ: 'JWT' }, claims(), SECRET)).sub).toBe(
      'u1',
    );
  });

  it.each([
    ['signed with another key', () => jwt({ alg: 'HS256', typ: 'JWT' }, claims(), OTHER)],
    ['expired', () => jwt({ alg: 'HS256' }, { ...claims(), exp: now() - 1 }, SECRET)],
    ['alg none, unsigned', () => jwt({ alg: 'none', typ: 'JWT' }, claims())],
    ['alg HS512 with the right key', () => jwt({ alg: 'HS512' }, claims(), SECRET)],
    ['without an email', () => jwt({ alg: 'HS256' }, { ...claims(), email: undefined }, SECRET)],
    [
      'without its sign-in (sid)',
      () => jwt({ alg: 'HS256' }, { ...claims(), sid: undefined }, SECRET),
    ],
    ['not a JWT at all', () => 'garbage'],
  ])('refuses a token %s with 401', (_, make) => {
    expect(() => service().verifyAccess(make())).toThrow(
      expect.objectContaining({ status: 401 }) as Error,
    );
  });

  it('refuses tokens of another process when no JWT_SECRET is set (random key each)', () => {
    const a = service('');
    const b = service('');
    const { accessToken } = a.signAccess({ id: 'u1', email: 'a@b.c' }, 'f1');
    expect(a.verifyAccess(accessToken).sub).toBe('u1');
    expect(() => b.verifyAccess(accessToken)).toThrow();
  });

  it('stores refresh tokens as their SHA-256 only', () => {
    expect(hashRefreshToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
