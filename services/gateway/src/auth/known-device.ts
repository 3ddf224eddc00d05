// OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): a device
// that signed in to an account is given `<id>.<issued at, s>.<HMAC of account, id, time>`, and
// on that account it is limited by its own failures only, never by the account's ceiling.
// A cookie rather than the address that succeeded: addresses are shared (an office NAT, a
// carrier's CGNAT, where the attacker may sit beside the admin) and change (mobile networks,
// VPNs), while the cookie is in the admin's browser alone. It names the account by a keyed
// hash, never the email; the gateway keeps nothing about it but the device's failure counter.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { LOGIN_LIMITS } from './auth.constants';

/** Signs a text with a key only the gateway holds (AuthKeys.sign). */
export type Signer = (text: string) => string;

const signed = (sign: Signer, account: string, id: string, issuedAt: number) =>
  sign(`known-device:${account}:${id}:${issuedAt}`);

/** The cookie value for a device that has just signed in to `account` (a keyed hash). */
export function issueKnownDevice(
  sign: Signer,
  account: string,
  nowMs = Date.now(),
  id = randomBytes(16).toString('base64url'),
): string {
  const issuedAt = Math.floor(nowMs / 1000);
  return `${id}.${issuedAt}.${signed(sign, account, id, issuedAt)}`;
}

const ID = /^[A-Za-z0-9_-]{16,64}$/;
const SECONDS = /^\d{1,12}$/;

/**
 * The device's id when `cookie` is one we issued for this `account` within the cookie's
 * lifetime; undefined for anything else (none, tampered, expired, another account's), which
 * is then an unknown client, never an error.
 */
export function knownDeviceId(
  sign: Signer,
  cookie: string | undefined,
  account: string,
  nowMs = Date.now(),
  lifetimeSeconds: number = LOGIN_LIMITS.knownDevice.lifetimeSeconds,
): string | undefined {
  const [id, issued, signature, ...rest] = (cookie ?? '').split('.');
  if (!id || !issued || !signature || rest.length > 0 || !ID.test(id) || !SECONDS.test(issued)) {
    return undefined;
  }
  const issuedAt = Number(issued);
  const age = nowMs / 1000 - issuedAt;
  // A little room for clocks of replicas that disagree; never a cookie from the future.
  if (age < -60 || age > lifetimeSeconds) return undefined;
  const expected = Buffer.from(signed(sign, account, id, issuedAt));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}
