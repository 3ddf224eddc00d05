import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isEmotionElement, withoutDefaultCache } from './emotion-no-default-cache';

/** The browser ESM build of @emotion/react's element module, as installed. */
function installedEmotionElement(): { id: string; code: string } {
  const dist = join(dirname(require.resolve('@emotion/react/package.json')), 'dist');
  const files = readdirSync(dist)
    .map((file) => join(dist, file))
    .filter(isEmotionElement);
  expect(files).toHaveLength(1);
  return { id: files[0], code: readFileSync(files[0], 'utf8') };
}

describe('emotion without its default cache', () => {
  it('gives the installed @emotion/react a null default for its cache context', () => {
    const { id, code } = installedEmotionElement();
    expect(code).toContain("createCache({\n  key: 'css'\n})");
    const changed = withoutDefaultCache(code, id);
    expect(changed).not.toMatch(/createCache\(\{/);
    expect(changed).toMatch(/var EmotionCacheContext = [^;]*\bnull\);/);
    // Only that one expression changed.
    expect(code.length - changed.length).toBeGreaterThan(0);
    expect(changed.split('\n').length).toBeLessThan(code.split('\n').length);
    expect(changed).toContain('var CacheProvider = EmotionCacheContext.Provider;');
  });

  it('refuses a module whose default cache is written differently', () => {
    expect(() =>
      withoutDefaultCache('var EmotionCacheContext = React.createContext(makeCache());', 'x.js'),
    ).toThrow(/no longer written as/);
  });

  it('leaves other modules alone', () => {
    expect(
      isEmotionElement('/n/node_modules/@emotion/react/dist/emotion-react.browser.esm.js'),
    ).toBe(false);
    expect(
      isEmotionElement(
        '/n/node_modules/@emotion/react/dist/emotion-element-f0de968e.browser.esm.js',
      ),
    ).toBe(true);
    expect(
      isEmotionElement(
        '/n/node_modules/@emotion/react/dist/emotion-element-489459f2.browser.development.esm.js',
      ),
    ).toBe(false);
  });
});
