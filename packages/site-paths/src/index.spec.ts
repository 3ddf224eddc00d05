import { LEGACY_REDIRECTS, normalisePath } from './index';

describe('normalisePath', () => {
  it.each(Object.entries(LEGACY_REDIRECTS))('redirects %s to %s', (from, to) => {
    expect(normalisePath(from)).toBe(to);
  });

  it('maps every legacy path the spec lists', () => {
    expect(Object.keys(LEGACY_REDIRECTS)).toHaveLength(12);
  });

  it('leaves canonical paths alone', () => {
    for (const path of ['/', '/about', '/conditions/trigger-finger', '/hand-conditions']) {
      expect(normalisePath(path)).toBeNull();
    }
  });

  it('removes a trailing slash except on the root', () => {
    expect(normalisePath('/about/')).toBe('/about');
    expect(normalisePath('/faq//')).toBe('/faq');
    expect(normalisePath('/')).toBeNull();
    expect(normalisePath('//')).toBe('/');
  });

  it('lower-cases and then applies legacy redirects in one step', () => {
    expect(normalisePath('/About')).toBe('/about');
    expect(normalisePath('/Conditions/Tennis-Elbow/')).toBe(
      '/conditions/tennis-elbow-lateral-epicondylitis',
    );
    expect(normalisePath('/HAND-PAIN')).toBe('/hand-conditions');
  });

  it('never produces a protocol-relative redirect to another host', () => {
    expect(normalisePath('//Evil.com/')).toBe('/evil.com');
    expect(normalisePath('/\\evil.com')).toBe('/evil.com');
    expect(normalisePath('///evil.com//x')).toBe('/evil.com/x');
  });

  it('keeps the query string and fragment', () => {
    expect(normalisePath('/About?step=2#top')).toBe('/about?step=2#top');
  });

  it('ignores what is not a path', () => {
    expect(normalisePath('about')).toBeNull();
    expect(normalisePath('toString')).toBeNull();
    expect(normalisePath('/constructor')).toBeNull();
  });
});

describe('folders without a page', () => {
  it('sends /conditions (any case, any trailing slashes) to the hand conditions list, which is canonical', () => {
    expect(normalisePath('/conditions')).toBe('/hand-conditions');
    expect(normalisePath('/Conditions//')).toBe('/hand-conditions');
    expect(normalisePath('/hand-conditions')).toBeNull();
  });
});
