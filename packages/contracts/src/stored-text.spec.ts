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

/** Real browsers' User-Agent headers, as they send them (Chrome and Edge freeze minor versions to 0.0.0). */
const BROWSERS: Record<string, string> = {
  'Chrome, Windows':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Chrome, Windows, full version (UserAgentReduction policy off)':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.207 Safari/537.36',
  'Chrome, macOS':
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Chrome, Android':
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Chrome, iOS':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.111 Mobile/15E148 Safari/604.1',
  'Android WebView':
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A.240505.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.179 Mobile Safari/537.36',
  'Firefox, Windows':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0',
  'Firefox, macOS':
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:126.0) Gecko/20100101 Firefox/126.0',
  'Firefox, Linux': 'Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0',
  'Firefox, Android': 'Mozilla/5.0 (Android 14; Mobile; rv:126.0) Gecko/126.0 Firefox/126.0',
  'Firefox, iOS':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/126.0 Mobile/15E148 Safari/605.1.15',
  'Safari, iPhone':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Safari, iPad':
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Safari, macOS':
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
  'Samsung Internet':
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  'Samsung Internet, frozen':
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  'Edge, Windows':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
  'Edge, Android':
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.2478.64',
  'Edge, iOS':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/124.2478.71 Mobile/15E148 Safari/604.1',
};

describe('storedUserAgent: addresses and numbers', () => {
  it.each(Object.entries(BROWSERS))('keeps %s unchanged', (_name, userAgent) => {
    expect(storedUserAgent(userAgent)).toBe(userAgent);
  });

  it.each([
    ['Bot\t10.1.2.3 user%40example.com', 'Bot [ip] [email]'],
    ['+44 7700 900123', '[number]'],
    ['MyApp/3.2 (+44 7700 900123)', 'MyApp/3.2 ([number])'],
    [
      'MyApp/3.2 (tel: 07700 900 123; alt (555) 123-4567)',
      'MyApp/3.2 (tel: [number]; alt [number])',
    ],
    ['MyApp/3.2 +33 6 12 34 56 78', 'MyApp/3.2 [number]'],
    ['Proxy (for 192.168.0.12, 10.0.0.7)', 'Proxy (for [ip], [ip])'],
    ['Proxy 10.1.2.3:8080', 'Proxy [ip]:8080'],
    ['Proxy 2001:db8::1 via [2001:db8:85a3::8a2e:370:7334]:443', 'Proxy [ip] via [[ip]]:443'],
    ['Proxy 2001:0db8:0000:0000:0000:ff00:0042:8329', 'Proxy [ip]'],
    ['Proxy ::ffff:10.1.2.3 fe80::1%eth0', 'Proxy [ip] [ip]%eth0'],
    ['Bot jane.doe%2540example.co.uk', 'Bot [email]'],
    ['Bot USER%40EXAMPLE.COM', 'Bot [email]'],
  ])('%j is stored as %j', (given, stored) => {
    expect(storedUserAgent(given)).toBe(stored);
  });

  it('leaves what only looks like an address or a number', () => {
    expect(storedUserAgent('Bot/2.1 (checked 12:30:45; build 2024)')).toBe(
      'Bot/2.1 (checked 12:30:45; build 2024)',
    );
    expect(storedUserAgent('Bot 10.0.0.0 999.1.2.3')).toBe('Bot 10.0.0.0 999.1.2.3');
    expect(storedUserAgent('App/1.2.3.4.5')).toBe('App/1.2.3.4.5');
  });
});
