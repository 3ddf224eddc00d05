import { createHmac, randomBytes } from 'node:crypto';
import { clientGroup, clientKey, hmacSha256 } from './client-address';

describe('clientGroup', () => {
  it('counts an IPv4 address (mapped or not) as one client, and an IPv6 /64 as one', () => {
    expect(clientGroup('203.0.113.9')).toBe('203.0.113.9');
    expect(clientGroup('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientGroup('2001:db8:1:2:aaaa::1')).toBe('20010db800010002/64');
    expect(clientGroup('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('20010db800010002/64');
    expect(clientGroup('2001:db8::1')).toBe('20010db800000000/64');
    expect(clientGroup('fe80::1%eth0')).toBe('fe80000000000000/64');
    expect(clientGroup('::1')).toBe('0000000000000000/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(clientGroup('unknown')).toBe('unknown');
  });
});

describe('clientKey', () => {
  it('is a keyed hash: never the address, the same for one /64, different under another secret', () => {
    const key = clientKey(hmacSha256('secret'), '203.0.113.9');
    expect(key).not.toContain('203.0.113.9');
    expect(key).toHaveLength(22);
    expect(clientKey(hmacSha256('secret'), '2001:db8:1:2::1')).toBe(
      clientKey(hmacSha256('secret'), '2001:db8:1:2::2'),
    );
    expect(clientKey(hmacSha256('secret'), '2001:db8:1:3::1')).not.toBe(
      clientKey(hmacSha256('secret'), '2001:db8:1:2::1'),
    );
    expect(clientKey(hmacSha256('another'), '203.0.113.9')).not.toBe(key);
  });
});

describe('hmacSha256', () => {
  it("equals node's createHmac for short, block-sized and long keys, again and again", () => {
    for (const secret of ['secret', randomBytes(32), randomBytes(64), randomBytes(100), '']) {
      const hmac = hmacSha256(secret);
      for (const message of ['203.0.113.9', '2001:db8:1:2/64', '', 'é']) {
        const expected = createHmac('sha256', secret).update(message).digest();
        expect(hmac(message).equals(expected)).toBe(true);
        expect(hmac(message).equals(expected)).toBe(true);
      }
    }
  });
});
