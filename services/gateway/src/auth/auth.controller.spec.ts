import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type GatewayEnv } from '../config/gateway.env';
import { AuthController } from './auth.controller';
import { KNOWN_DEVICE_COOKIE, REFRESH_COOKIE } from './auth.constants';
import { type LoginService, type SignedIn } from './login.service';
import { type TokenService } from './token.service';

const SIGNED_IN: SignedIn = {
  accessToken: 'access',
  expiresAt: '2026-11-29T12:15:00.000Z',
  user: { email: 'admin@example.com' },
  refreshToken: 'refresh-token',
  refreshExpiresAt: new Date('2026-11-30T00:00:00Z'),
  knownDevice: 'device-cookie',
};

/** Signs in through the controller; answers the cookies it set and what the service was given. */
async function signIn(env: Partial<GatewayEnv>, cookie?: string) {
  const login = jest.fn(async () => SIGNED_IN);
  const controller = new AuthController(
    // Only login() is reached by a sign-in.
    { login } as unknown as LoginService,
    {} as TokenService,
    env as GatewayEnv,
  );
  const cookies = new Map<string, { value: string; options: Record<string, unknown> }>();
  const response = {
    header: () => response,
    setCookie: (name: string, value: string, options: Record<string, unknown>) => {
      cookies.set(name, { value, options });
      return response;
    },
  };
  const request = {
    ip: '198.51.100.7',
    headers: { 'x-handcheck-auth': '1', ...(cookie ? { cookie } : {}) },
  };
  await controller.signIn(
    { email: 'admin@example.com', password: 'the right password' },
    request as unknown as FastifyRequest,
    response as unknown as FastifyReply,
  );
  return { cookies, login };
}

describe('AuthController sign-in cookies', () => {
  it('are Secure on a https site even outside production', async () => {
    const { cookies } = await signIn({
      NODE_ENV: 'development',
      SITE_ORIGIN: 'https://handcheck.example',
    });
    expect(cookies.get(REFRESH_COOKIE)?.options).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'strict',
      path: '/api/auth',
    });
    expect(cookies.get(KNOWN_DEVICE_COOKIE)?.options).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'strict',
      path: '/api/auth/login',
      // @fastify/cookie counts Max-Age in seconds (Express took milliseconds): 30 days either way.
      maxAge: 30 * 24 * 60 * 60,
      expires: expect.any(Date),
    });
  });

  it('are Secure on a plain http site that is not this machine, production or not', async () => {
    for (const NODE_ENV of ['production', 'development', 'test'] as const) {
      const { cookies } = await signIn({ NODE_ENV, SITE_ORIGIN: 'http://handcheck.test' });
      expect(cookies.get(REFRESH_COOKIE)?.options.secure).toBe(true);
      expect(cookies.get(KNOWN_DEVICE_COOKIE)?.options.secure).toBe(true);
    }
  });

  it('are not Secure only on plain http on localhost, where the browser would not send them back', async () => {
    const { cookies } = await signIn({
      NODE_ENV: 'production',
      SITE_ORIGIN: 'http://localhost:8080',
    });
    expect(cookies.get(REFRESH_COOKIE)?.options.secure).toBe(false);
    expect(cookies.get(KNOWN_DEVICE_COOKIE)?.options.secure).toBe(false);
  });

  it('hands the known-device cookie to the sign-in and sets the fresh one', async () => {
    const { cookies, login } = await signIn(
      { SITE_ORIGIN: 'https://handcheck.example' },
      `other=1; ${KNOWN_DEVICE_COOKIE}=old-device-cookie`,
    );
    expect(login).toHaveBeenCalledWith(
      'admin@example.com',
      'the right password',
      '198.51.100.7',
      'old-device-cookie',
    );
    expect(cookies.get(KNOWN_DEVICE_COOKIE)?.value).toBe('device-cookie');
    expect(cookies.get(REFRESH_COOKIE)?.value).toBe('refresh-token');
  });
});
