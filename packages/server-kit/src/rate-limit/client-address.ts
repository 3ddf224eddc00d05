import { createHash } from 'node:crypto';
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

/** HMAC-SHA-256's block size: a longer key is hashed first (RFC 2104). */
const BLOCK_BYTES = 64;

/**
 * HMAC-SHA-256 under one key, its inner and outer hashes started once and copied for each
 * message: the same values as createHmac(), without OpenSSL setting up an HMAC for every
 * request (7 µs of the intake's own time per request).
 */
export function hmacSha256(secret: string | Buffer): (message: string) => Buffer {
  let key = Buffer.from(secret);
  if (key.length > BLOCK_BYTES) key = createHash('sha256').update(key).digest();
  const padded = Buffer.alloc(BLOCK_BYTES);
  key.copy(padded);
  const inner = createHash('sha256').update(padded.map((byte) => byte ^ 0x36));
  const outer = createHash('sha256').update(padded.map((byte) => byte ^ 0x5c));
  return (message) => outer.copy().update(inner.copy().update(message).digest()).digest();
}

/**
 * The key a client is counted by: an HMAC-SHA-256 of its group (`hmac`, from hmacSha256 of a
 * secret), so a limit never holds the address and its keys cannot be reversed by trying every
 * IPv4 address. Replicas that count in one store must share the secret.
 */
export function clientKey(hmac: (message: string) => Buffer, address: string): string {
  return hmac(clientGroup(address)).toString('base64url').slice(0, 22);
}
