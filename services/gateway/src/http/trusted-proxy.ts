import proxyAddr from 'proxy-addr';

/**
 * Whose X-Forwarded-For we believe: only the configured proxies (IPs or CIDRs),
 * none when the list is empty: Fastify's trustProxy, so `request.ip` on every route.
 */
export function trustedProxy(proxies: string[]): (address: string, hop: number) => boolean {
  return proxies.length > 0 ? proxyAddr.compile(proxies) : () => false;
}
