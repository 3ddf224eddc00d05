import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { Address6 } from 'ip-address';

/**
 * What counts as one client: an IPv4 address (IPv4-mapped IPv6 included), or an IPv6 /64
 * (its first 64 bits in hex), since one subscriber is given a whole /64 and could otherwise
 * take a fresh limit with every address in it. Anything else is a client of its own.
 */
export function clientGroup(address: string): string {
  if (!isIPv6(address)) return address;
  const v6 = new Address6(address);
  return v6.is4() ? v6.to4().correctForm() : `${v6.getBitsBase16(0, 64)}/64`;
}

/**
 * The key a client is counted by: an HMAC-SHA-256 of its group under `secret`, so a limit never
 * holds the address and its keys cannot be reversed by trying every IPv4 address. Replicas
 * that count in one store must share the secret.
 */
export function clientKey(secret: string | Buffer, address: string): string {
  return createHmac('sha256', secret).update(clientGroup(address)).digest('base64url').slice(0, 22);
}
