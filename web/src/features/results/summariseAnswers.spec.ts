import { EMERGENCY_SIGNS, emptyAnswers } from '@handcheck/diagnosis';
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

  it('prints the emergency check: the signs chosen in the engine order, "None of these", or not answered', () => {
    expect(summariseEmergencyCheck(['cold-pale-blue', 'heavy-bleeding'], [])).toEqual({
      label: 'Emergency signs now or today',
      value:
        'Heavy bleeding that will not stop; A hand or finger that is suddenly cold, pale, white or blue',
    });
    expect(summariseEmergencyCheck([], []).value).toBe('None of these');
    expect(summariseEmergencyCheck(null, []).value).toBe('Not answered');
  });

  it('prints the signs the visitor was not sure of among the others, marked "(not sure)"', () => {
    const [call, ...rest] = EMERGENCY_SIGNS;
    const last = rest[rest.length - 1];
    expect(summariseEmergencyCheck(null, [last.id, call.id]).value).toBe(
      `${call.label} (not sure); ${last.label} (not sure)`,
    );
    expect(summariseEmergencyCheck([last.id], [call.id]).value).toBe(
      `${call.label} (not sure); ${last.label}`,
    );
  });

  it("names every one of the engine's signs by its own label", () => {
    for (const sign of EMERGENCY_SIGNS) {
      expect(summariseEmergencyCheck([sign.id], []).value).toBe(sign.label);
      expect(summariseEmergencyCheck(null, [sign.id]).value).toBe(`${sign.label} (not sure)`);
    }
  });

  it('dates the printout', () => {
    expect(formatPrintDate(new Date(2025, 10, 22, 12))).toBe('22 November 2025');
  });
});
