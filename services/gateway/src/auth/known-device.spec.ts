import { type GatewayEnv } from '../config/gateway.env';
import { AuthKeys } from './auth-keys.service';
import { LOGIN_LIMITS } from './auth.constants';
import { issueKnownDevice, knownDeviceId } from './known-device';

const keys = new AuthKeys({ JWT_SECRET: 'k'.repeat(32) } as GatewayEnv);
const other = new AuthKeys({ JWT_SECRET: 'o'.repeat(32) } as GatewayEnv);
const ACCOUNT = keys.fingerprint('email:admin@example.com');
const NOW = Date.UTC(2026, 10, 29, 12);
const DAY_MS = 24 * 60 * 60 * 1000;

describe('the known-device cookie', () => {
  it('names the device it was issued to, for its account only', () => {
    const cookie = issueKnownDevice(keys.sign, ACCOUNT, NOW);
    const id = knownDeviceId(keys.sign, cookie, ACCOUNT, NOW);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookie.startsWith(`${id}.`)).toBe(true);
    expect(knownDeviceId(keys.sign, cookie, keys.fingerprint('email:other@example.com'), NOW)).toBe(
      undefined,
    );
  });

  it('gives every sign-in a device of its own', () => {
    const first = issueKnownDevice(keys.sign, ACCOUNT, NOW);
    const second = issueKnownDevice(keys.sign, ACCOUNT, NOW);
    expect(knownDeviceId(keys.sign, first, ACCOUNT, NOW)).not.toBe(
      knownDeviceId(keys.sign, second, ACCOUNT, NOW),
    );
  });

  it('holds for 30 days from the sign-in, not longer', () => {
    const cookie = issueKnownDevice(keys.sign, ACCOUNT, NOW);
    expect(LOGIN_LIMITS.knownDevice.lifetimeSeconds).toBe(30 * 24 * 60 * 60);
    expect(knownDeviceId(keys.sign, cookie, ACCOUNT, NOW + 30 * DAY_MS - 1000)).toBeDefined();
    expect(knownDeviceId(keys.sign, cookie, ACCOUNT, NOW + 30 * DAY_MS + 1000)).toBeUndefined();
    // Never one from the future (beyond a minute of clock difference between replicas).
    expect(knownDeviceId(keys.sign, cookie, ACCOUNT, NOW - 5 * 60_000)).toBeUndefined();
  });

  it('is refused when forged, edited or signed with another key', () => {
    const cookie = issueKnownDevice(keys.sign, ACCOUNT, NOW);
    const [id, issued, signature] = cookie.split('.') as [string, string, string];
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    for (const forged of [
      `${flip(id)}.${issued}.${signature}`,
      `${id}.${Number(issued) + 86_400}.${signature}`,
      `${id}.${issued}.${flip(signature)}`,
      `${id}.${issued}.${signature}.x`,
      `${id}.${issued}`,
      issueKnownDevice(other.sign, ACCOUNT, NOW),
      '',
      'not a cookie',
    ]) {
      expect(knownDeviceId(keys.sign, forged, ACCOUNT, NOW)).toBeUndefined();
    }
    expect(knownDeviceId(keys.sign, undefined, ACCOUNT, NOW)).toBeUndefined();
  });

  it('keeps no email in the cookie', () => {
    const cookie = issueKnownDevice(keys.sign, ACCOUNT, NOW);
    expect(cookie).not.toContain('admin');
    expect(cookie).not.toContain(ACCOUNT);
  });
});
