import { stepTitle } from './useViewTitle';

describe('stepTitle', () => {
  it('says which step of how many, then the step title', () => {
    expect(stepTitle(2, 6, 'Associated Symptoms')).toBe('Step 2 of 6: Associated Symptoms');
  });
});
