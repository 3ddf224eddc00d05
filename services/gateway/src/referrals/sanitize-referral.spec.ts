import {
  sanitizeEmail,
  sanitizeList,
  sanitizeOptionalText,
  sanitizeText,
} from './sanitize-referral';

describe('referral sanitising (spec section 5)', () => {
  it('a non-string becomes empty', () => {
    expect(sanitizeText(42)).toBe('');
    expect(sanitizeText({ toString: () => 'x' })).toBe('');
    expect(sanitizeEmail(['a@b.co'])).toBe('');
    expect(sanitizeOptionalText(undefined)).toBeNull();
  });

  it('strips all markup and trims', () => {
    expect(sanitizeText('  <b>Leeds</b><script>alert(1)</script> ')).toBe('Leeds');
    expect(sanitizeOptionalText(' <i>Sam</i> ')).toBe('Sam');
    expect(sanitizeOptionalText('<p> </p>')).toBeNull();
  });

  it('keeps an email only when it looks like one, with no spaces', () => {
    expect(sanitizeEmail('  sam@example.org ')).toBe('sam@example.org');
    expect(sanitizeEmail('<b>sam@example.org</b>')).toBe('sam@example.org');
    expect(sanitizeEmail('sam @example.org')).toBe('');
    expect(sanitizeEmail('sam@example')).toBe('');
    expect(sanitizeEmail('not an email')).toBe('');
    expect(sanitizeEmail(`${'a'.repeat(250)}@example.org`)).toBe('');
  });

  it('cleans each item of a list and drops empty ones; a non-list is left for validation', () => {
    expect(sanitizeList([' <b>Numbness</b> ', '<i></i>', 7, 'Night pain'])).toEqual([
      'Numbness',
      'Night pain',
    ]);
    expect(sanitizeList('Numbness')).toBe('Numbness');
  });

  it('does not cut: what is too long is refused by validation, not shortened', () => {
    expect(sanitizeText('x'.repeat(150))).toHaveLength(150);
  });
});
