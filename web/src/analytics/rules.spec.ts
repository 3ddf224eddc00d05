import { analyticsAllowed, parseExcludedUserAgents } from './rules';

const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('analyticsAllowed', () => {
  it('tracks ordinary browsers', () => {
    expect(analyticsAllowed({ userAgent: DESKTOP })).toBe(true);
    expect(analyticsAllowed({ userAgent: IPAD })).toBe(true);
    expect(analyticsAllowed({ userAgent: '' })).toBe(true);
  });

  it("skips any agent containing 'iPhone'", () => {
    expect(analyticsAllowed({ userAgent: IPHONE })).toBe(false);
    expect(analyticsAllowed({ userAgent: 'SomeApp/2.0 iPhone' })).toBe(false);
  });

  it('skips the excluded user agents by exact match only', () => {
    expect(analyticsAllowed({ userAgent: DESKTOP }, [DESKTOP])).toBe(false);
    expect(analyticsAllowed({ userAgent: `${DESKTOP} Edg/126.0` }, [DESKTOP])).toBe(true);
    expect(analyticsAllowed({ userAgent: DESKTOP.toLowerCase() }, [DESKTOP])).toBe(true);
  });

  it('records nothing when Global Privacy Control is on', () => {
    expect(analyticsAllowed({ userAgent: DESKTOP, globalPrivacyControl: true })).toBe(false);
    expect(analyticsAllowed({ userAgent: DESKTOP, globalPrivacyControl: false })).toBe(true);
  });
});

describe('parseExcludedUserAgents', () => {
  it('is empty when unset or blank', () => {
    expect(parseExcludedUserAgents(undefined)).toEqual([]);
    expect(parseExcludedUserAgents('')).toEqual([]);
    expect(parseExcludedUserAgents('  ')).toEqual([]);
  });

  it('reads a JSON array, so agents may contain commas', () => {
    expect(parseExcludedUserAgents(JSON.stringify([DESKTOP, IPAD]))).toEqual([DESKTOP, IPAD]);
    expect(parseExcludedUserAgents(`[${JSON.stringify(DESKTOP)}, "", 42]`)).toEqual([DESKTOP]);
  });

  it('takes any other value as one exact user agent', () => {
    expect(parseExcludedUserAgents(` ${DESKTOP} `)).toEqual([DESKTOP]);
  });

  it('excludes nothing when the array is malformed', () => {
    expect(parseExcludedUserAgents('["unterminated')).toEqual([]);
  });
});
