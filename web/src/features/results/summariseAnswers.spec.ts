import { emptyAnswers } from '@handcheck/diagnosis';
import { formatPrintDate, summariseAnswers, summariseEmergencyCheck } from './summariseAnswers';

describe('printed answer summary', () => {
  it('lists every question in order, marking gaps', () => {
    const lines = summariseAnswers(emptyAnswers());
    expect(lines[0]).toEqual({ label: 'Pain location', value: 'Not answered' });
    expect(lines.find((line) => line.label === 'Which of these symptoms do you have?')?.value).toBe(
      'None',
    );
    expect(lines.some((line) => line.label === 'Additional information')).toBe(false);
  });

  it('shows chosen answers with their questionnaire wording', () => {
    const lines = summariseAnswers({
      ...emptyAnswers(),
      painLocation: ['Thumb', 'Wrist'],
      painIntensity: 'Mild (1-3/10)',
      numbness: true,
      tingling: true,
      previousInjury: true,
      additionalInfo: '  Worse when typing  ',
    });
    const byLabel = Object.fromEntries(lines.map((line) => [line.label, line.value]));
    expect(byLabel['Pain location']).toBe('Thumb, Wrist');
    expect(byLabel['How strong is the pain at its worst?']).toBe('Mild (1-3/10)');
    expect(byLabel['Which of these symptoms do you have?']).toBe(
      "Numbness; Tingling or 'pins and needles'",
    );
    expect(byLabel['Previous injury']).toBe('I have injured this hand, wrist or arm before');
    expect(byLabel['Additional information']).toBe('Worse when typing');
  });

  it('prints the emergency check: the signs chosen, "None of these", or not answered', () => {
    expect(summariseEmergencyCheck(['heavy-bleeding', 'cold-pale-blue'])).toEqual({
      label: 'Emergency signs happening now',
      value:
        'A hand or finger that is suddenly cold, pale, white or blue; Heavy bleeding that will not stop',
    });
    expect(summariseEmergencyCheck([]).value).toBe('None of these');
    expect(summariseEmergencyCheck(null).value).toBe('Not answered');
  });

  it('dates the printout', () => {
    expect(formatPrintDate(new Date(2025, 10, 22, 12))).toBe('22 November 2025');
  });
});
