import { careAdvice, emptyAnswers, priorityFor } from '@handcheck/diagnosis';
import { careLevelBesidePriority } from './careTones';
import { referralWaitsForCare } from './referralGating';

describe('care level on the results', () => {
  it('puts the care level beside the priority label at urgent and emergency levels only', () => {
    expect(careLevelBesidePriority('emergency')).toEqual({
      label: 'Care level: Emergency',
      tone: 'red',
    });
    expect(careLevelBesidePriority('urgent')).toEqual({
      label: 'Care level: Urgent',
      tone: 'orange',
    });
    expect(careLevelBesidePriority('routine')).toBeNull();
  });

  it('never leaves a "Low priority" alone when an emergency sign was chosen', () => {
    const advice = careAdvice(emptyAnswers(), ['heavy-bleeding']);
    expect(priorityFor(40).label).toBe('Low');
    expect(careLevelBesidePriority(advice.level)?.label).toBe('Care level: Emergency');
  });

  it('holds the referral back behind the care advice at urgent and emergency levels', () => {
    expect(referralWaitsForCare('emergency')).toBe(true);
    expect(referralWaitsForCare('urgent')).toBe(true);
    expect(referralWaitsForCare('routine')).toBe(false);
  });
});
