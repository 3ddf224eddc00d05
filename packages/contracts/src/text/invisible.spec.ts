import fc from 'fast-check';
import { withoutControls } from '../stored-text';
import { cleanLine, cleanOptionalText } from './clean-line';
import { withoutInvisibles } from './invisible';

// Bidi overrides and isolates, zero-width space, non-joiner, joiner, word joiner, BOM, soft
// hyphen, an interlinear annotation mark, a tag character (astral), a C1 control.
const INVISIBLE = [
  '\u202e',
  '\u202a',
  '\u2066',
  '\u2069',
  '\u200e',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u00ad',
  '\ufff9',
  '\u{e0041}',
  '\u009b',
];

describe('invisible characters', () => {
  it.each(INVISIBLE.map((character) => [character.codePointAt(0)!.toString(16), character]))(
    'U+%s goes, in referral text and in stored analytics text alike',
    (_, character) => {
      expect(withoutInvisibles(`Le${character}eds`)).toBe('Leeds');
      expect(withoutControls(`/a${character}b`)).toBe('/ab');
      expect(cleanLine(character)).toBe('');
    },
  );

  it('keeps what a reader sees: letters of any script, emoji, and the line breaks of multi-line text', () => {
    for (const text of ['Zoë Łódź 東京 القاهرة', '👋🏽 ❤️', 'a < b & c > d']) {
      expect(withoutInvisibles(text)).toBe(text);
    }
    expect(cleanOptionalText('one\u200b\ntwo\r\nthree\tfour')).toBe('one\ntwo\r\nthree\tfour');
  });

  it('drops half a surrogate pair (a JSON "\\ud800" escape), which would be stored as U+FFFD', () => {
    expect(withoutInvisibles('Le\ud800eds \udc00👋')).toBe('Leeds 👋');
    expect(cleanLine('\ud83d')).toBe('');
  });

  it('a right-to-left override cannot turn what a mail shows around', () => {
    // "‮moc.elpmaxe-live" displays as "evil-example.com".
    expect(cleanLine('Leeds \u202emoc.elpmaxe-live')).toBe('Leeds moc.elpmaxe-live');
  });

  it('leaves nothing invisible in any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(withoutInvisibles(text)).not.toMatch(/[\p{Cf}\u0080-\u0084\u0086-\u009f]/u);
        // A tab is the one control a line keeps (spec section 5's cleaning leaves it).
        // eslint-disable-next-line no-control-regex -- matching control characters is the point
        expect(cleanLine(text)).not.toMatch(/[\p{Cf}\u0000-\u0008\u000a-\u001f\u007f-\u009f]/u);
      }),
      { numRuns: 2000 },
    );
  });
});
