import { authCookieOptions, isPlainHttpLoopback } from './auth-cookies';

describe('sign-in cookies are Secure unless the site is plain http on localhost', () => {
  it.each([
    'http://localhost:8080',
    'http://localhost',
    'http://LOCALHOST:3000',
    'http://handcheck.localhost:8080',
    'http://127.0.0.1:8080',
    'http://127.1.2.3',
    'http://[::1]:8080',
  ])('%s: not Secure (a browser may not send it back over http)', (origin) => {
    expect(isPlainHttpLoopback(origin)).toBe(true);
    expect(authCookieOptions(origin, '/api/auth').secure).toBe(false);
  });

  it.each([
    'https://handcheck.example',
    'https://localhost:8443',
    'http://handcheck.test',
    'http://192.168.1.20:8080',
    'http://10.0.0.5',
    'http://localhost.evil.example',
    'http://127.0.0.1.nip.io',
    'not a url',
  ])('%s: Secure', (origin) => {
    expect(isPlainHttpLoopback(origin)).toBe(false);
    expect(authCookieOptions(origin, '/api/auth').secure).toBe(true);
  });

  it('are httpOnly, SameSite=Strict and scoped to one path', () => {
    expect(authCookieOptions('https://handcheck.example', '/api/auth/login')).toEqual({
      httpOnly: true,
      secure: true,
      sameSite: 'strict',
      path: '/api/auth/login',
    });
  });
});
