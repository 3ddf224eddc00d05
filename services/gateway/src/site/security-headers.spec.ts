import { PERMISSIONS_POLICY, securityHeaders } from './security-headers';

const HASH = `'sha256-${'a'.repeat(43)}='`;

describe('securityHeaders', () => {
  it("are helmet's headers with the permissions policy, worked out once", () => {
    const headers = securityHeaders(false);
    const now = headers.current();
    expect(now).toMatchObject({
      'Permissions-Policy': PERMISSIONS_POLICY,
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    expect(now['Content-Security-Policy']).toContain("script-src 'self';");
    expect(now['Content-Security-Policy']).not.toContain('upgrade-insecure-requests');
    expect(now).not.toHaveProperty('X-Powered-By');
    expect(headers.current()).toBe(now);
  });

  it('follow the script sources when they change', () => {
    let sources: readonly string[] = [];
    const headers = securityHeaders(false, () => sources);
    const before = headers.current();
    sources = [HASH];
    const after = headers.current();
    expect(after['Content-Security-Policy']).toContain(`script-src 'self' ${HASH};`);
    expect(before['Content-Security-Policy']).toContain("script-src 'self';");
    expect(headers.current()).toBe(after);
  });

  it('ask browsers to upgrade insecure requests in production', () => {
    expect(securityHeaders(true).current()['Content-Security-Policy']).toContain(
      'upgrade-insecure-requests',
    );
  });
});
