import { storedPath, storedReferrer, withoutControls } from './stored-text';

describe('stored text (issue 14, item 8)', () => {
  it('strips control characters: NUL, terminal escapes, DEL, C1, bidi overrides', () => {
    expect(withoutControls('/a\u0000b\u001b[31mred\u007f\u009b\u202e')).toBe('/ab[31mred');
    expect(withoutControls('Mozilla/5.0 (X11)')).toBe('Mozilla/5.0 (X11)');
  });

  it('stores paths without query string or fragment', () => {
    expect(storedPath('/conditions/trigger-finger?email=a@b.c&utm_source=x#top')).toBe(
      '/conditions/trigger-finger',
    );
    expect(storedPath('/faq')).toBe('/faq');
    expect(storedPath('/a\u0000?\u001b')).toBe('/a');
  });

  it('stores a referrer as origin and path only', () => {
    expect(storedReferrer('https://www.google.com/search?q=my+name+jane@example.com')).toBe(
      'https://www.google.com/search',
    );
    expect(storedReferrer('https://user:pw@Example.COM:8443/a/b?x=1#f')).toBe(
      'https://example.com:8443/a/b',
    );
    expect(storedReferrer('/about?x=1')).toBe('/about');
    expect(storedReferrer('android-app://com.google.android.gm/')).toBe(
      'android-app://com.google.android.gm',
    );
    expect(storedReferrer('not a url')).toBe('');
    expect(storedReferrer('')).toBe('');
    expect(storedReferrer('https://ex\u0000ample.com/\u001bx?y')).toBe('https://example.com/x');
  });
});
