import proxyAddr from 'proxy-addr';

/**
 * Whose X-Forwarded-For we believe: only the configured proxies (IPs or CIDRs),
 * none when the list is empty. Express and the events intake both use this one rule.
 */
export function trustedProxy(proxies: string[]): (address: string, hop: number) => boolean {
  return proxies.length > 0 ? proxyAddr.compile(proxies) : () => false;
}
