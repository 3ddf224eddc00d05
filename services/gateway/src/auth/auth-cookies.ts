import { type CookieSerializeOptions } from '@fastify/cookie';

/**
 * True only for a site served over plain http on the loopback (`make start`, the test
 * profile): there a Secure cookie may never come back (Safari does not treat http://localhost
 * as secure), and no network lies between the browser and the gateway. Every other origin,
 * http ones included, gets Secure cookies: a cookie that crosses a network travels over TLS or
 * not at all, whatever NODE_ENV says.
 */
export function isPlainHttpLoopback(siteOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(siteOrigin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127(?:\.\d{1,3}){3}$/.test(host)
  );
}

/** The sign-in cookies' attributes: httpOnly, SameSite=Strict, one path, Secure as above. */
export function authCookieOptions(siteOrigin: string, path: string): CookieSerializeOptions {
  return { httpOnly: true, secure: !isPlainHttpLoopback(siteOrigin), sameSite: 'strict', path };
}
