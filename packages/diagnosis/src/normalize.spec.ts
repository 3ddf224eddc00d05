import { normalizeAnswers } from './normalize';
import { emptyAnswers } from './options';

describe('normalizeAnswers', () => {
  it.each([undefined, null, 0, 'text', true, [], () => undefined])(
    'treats %p as a questionnaire with nothing answered',
    (input) => {
      expect(normalizeAnswers(input)).toEqual(emptyAnswers());
    },
  );

  it('passes valid answers through unchanged', () => {
    const valid = {
      ...emptyAnswers(),
      painLocation: ['Thumb', 'Hollow/indent at base of thumb (where thumb meets wrist)'],
      painIntensity: 'Severe (7-10/10)',
      painType: 'Sharp/Stabbing',
      painTiming: 'At night',
      onsetType: 'After injury/trauma',
      duration: '1-4 weeks',
      age: '46-60',
      occupation: 'Manual labor',
      numbness: true,
      previousInjury: true,
      additionalInfo: 'Fell on my hand.',
    };
    expect(normalizeAnswers(valid)).toEqual(valid);
  });

  it('keeps only non-empty cleaned strings from the location list', () => {
    const result = normalizeAnswers({
      painLocation: ['Palm', 3, null, '  ', '<b>Wrist</b>', { label: 'Elbow' }],
    });
    expect(result.painLocation).toEqual(['Palm', 'Wrist']);
  });

  it('ignores a location list that is not a list', () => {
    expect(normalizeAnswers({ painLocation: 'Thumb' }).painLocation).toEqual([]);
  });

  it('counts only a literal true as yes', () => {
    const result = normalizeAnswers({ numbness: 'true', tingling: 1, weakness: true });
    expect(result.numbness).toBe(false);
    expect(result.tingling).toBe(false);
    expect(result.weakness).toBe(true);
  });

  it('cleans single choices and drops non-strings', () => {
    const result = normalizeAnswers({ painType: ' <i>Dull/Aching</i> ', age: 50 });
    expect(result.painType).toBe('Dull/Aching');
    expect(result.age).toBe('');
  });

  it('cleans the free text and limits it to 500 characters', () => {
    expect(normalizeAnswers({ additionalInfo: '<script>x()</script> sore ' }).additionalInfo).toBe(
      'sore',
    );
    expect(normalizeAnswers({ additionalInfo: 'a'.repeat(600) }).additionalInfo).toHaveLength(500);
  });

  it("does not keep a reference to the caller's list", () => {
    const input = { painLocation: ['Palm'] };
    const result = normalizeAnswers(input);
    result.painLocation.push('Wrist');
    expect(input.painLocation).toEqual(['Palm']);
  });
});
