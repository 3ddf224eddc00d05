import fc from 'fast-check';
import { cleanLine, cleanLines, cleanOptionalLine, cleanOptionalText } from './clean-line';

describe('one-line fields', () => {
  it('keeps text that is not a tag: <, >, &, quotes, emoji, any script', () => {
    for (const text of [
      'Ring finger locks each morning -> have to pull it straight',
      'Pain for < 2 weeks, worse when grip > 5 kg',
      'Tom & Jerry\'s "clinic"',
      'Zoë 👋 — Łódź, 東京, القاهرة',
      'x<3 and y>2',
    ]) {
      expect(cleanLine(text)).toBe(text);
    }
  });

  it('strips whole tags and trims (spec section 5)', () => {
    expect(cleanLine('  <b>Leeds</b> ')).toBe('Leeds');
    expect(cleanLine('<script>alert(1)</script>Leeds')).toBe('Leeds');
  });

  it('joins lines with a space, so nothing can start a new line in a plain-text mail', () => {
    expect(cleanLine('Ann\r\nBcc: victim@example.com')).toBe('Ann Bcc: victim@example.com');
    expect(cleanLine('Leeds \n\n Email: x@y.z')).toBe('Leeds Email: x@y.z');
    expect(cleanLine('a\u2028b\u2029c\u0085d')).toBe('a b c d');
    // A break at an end is not a blank that passes for a location.
    expect(cleanLine('\u0085')).toBe('');
    expect(cleanLine('Leeds\u2028')).toBe('Leeds');
  });

  it('is idempotent, has no line break and no outer space, whatever it is given', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const once = cleanLine(text);
        expect(cleanLine(once)).toBe(once);
        expect(once).not.toMatch(/[\n\r\v\f\u0085\u2028\u2029]/);
        expect(once).toBe(once.trim());
      }),
      { numRuns: 2000 },
    );
  });

  it('optional fields are null when nothing is left', () => {
    expect(cleanOptionalLine('  <i></i> ')).toBeNull();
    expect(cleanOptionalLine(42)).toBeNull();
    expect(cleanOptionalText(' \n ')).toBeNull();
    expect(cleanOptionalText('line one\nline two')).toBe('line one\nline two');
  });

  it('lists: items cleaned, empty ones dropped, a non-list left for validation', () => {
    expect(cleanLines([' <b>A</b> ', '', '<i></i>', 'B\nC'])).toEqual(['A', 'B C']);
    expect(cleanLines('A')).toBe('A');
  });
});
