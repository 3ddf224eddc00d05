import { CONDITIONS, type CareLevel } from '@handcheck/diagnosis';
import { REASSURING_PHRASES, descriptionBesideCare, reassures } from './descriptionBesideCare';

const PRESSING: readonly CareLevel[] = ['urgent', 'emergency'];

describe('condition descriptions beside the care card', () => {
  it('covers all 18 conditions of the engine', () => {
    expect(CONDITIONS).toHaveLength(18);
  });

  describe.each(CONDITIONS.map((condition) => [condition.name, condition.description] as const))(
    '%s',
    (_name, description) => {
      it('is shown unchanged at the routine level', () => {
        expect(descriptionBesideCare(description, 'routine')).toBe(description);
      });

      it.each(PRESSING)(
        'reassures nowhere at the %s level, keeping every other sentence',
        (level) => {
          const shown = descriptionBesideCare(description, level);
          expect(shown).not.toMatch(/harmless/i);
          expect(reassures(shown)).toBe(false);
          // Only whole reassuring sentences go: text without them is kept word for word.
          if (!reassures(description)) expect(shown).toBe(description);
          for (const sentence of shown.split(/(?<=[.!?])\s+/))
            expect(description).toContain(sentence);
        },
      );
    },
  );

  it('drops each reassuring sentence and keeps the rest in order', () => {
    expect(
      descriptionBesideCare(
        'A lump under the skin. It is usually harmless. Have it checked by a doctor.',
        'urgent',
      ),
    ).toBe('A lump under the skin. Have it checked by a doctor.');
    expect(
      descriptionBesideCare('Sore tendons. This is NOT  serious! Rest helps', 'emergency'),
    ).toBe('Sore tendons. Rest helps');
    expect(descriptionBesideCare('Nothing to worry about.', 'urgent')).toBe('');
  });

  it('matches the phrases as words only, in any case', () => {
    for (const phrase of REASSURING_PHRASES) expect(reassures(phrase.toUpperCase())).toBe(true);
    expect(reassures('Harmlessness aside')).toBe(false);
    expect(reassures('It can be serious.')).toBe(false);
  });
});
