import {
  MAX_USER_AGENT_LENGTH,
  storedPath,
  storedReferrer,
  storedUserAgent,
  withoutControls,
} from './stored-text';

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

describe('storedUserAgent (issue 25, section 3)', () => {
  it('keeps a browser as it is', () => {
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36';
    expect(storedUserAgent(chrome)).toBe(chrome);
  });

  it('drops control characters, e-mail addresses and long numbers, and caps the length', () => {
    expect(
      storedUserAgent(
        'MyApp/2.1 (jane.doe@example.com; tel 07700900123)\u0000\u001b[2J\r\nX-Evil: 1',
      ),
    ).toBe('MyApp/2.1 ([email]; tel [number])[2J X-Evil: 1');
    expect(storedUserAgent('x'.repeat(5000))).toHaveLength(MAX_USER_AGENT_LENGTH);
  });
});
