import { EMERGENCY_SIGN_IDS } from '@handcheck/diagnosis';
import { emergencyWording } from './emergencyWording';

describe('emergency card wording', () => {
  it('names A&E or 999 for the UK and the emergency room or 911 for the US, for every sign', () => {
    for (const sign of EMERGENCY_SIGN_IDS) {
      const [uk, us] = emergencyWording([sign]);
      expect(uk.country).toBe('In the UK');
      expect(`${uk.now} ${uk.call}`).toMatch(/A&E/);
      expect(`${uk.now} ${uk.call}`).toMatch(/999/);
      expect(`${uk.now} ${uk.call}`).not.toMatch(/911|emergency room|ER\b/);
      expect(us.country).toBe('In the US');
      expect(`${us.now} ${us.call}`).toMatch(/emergency room/);
      expect(`${us.now} ${us.call}`).toMatch(/911/);
      expect(`${us.now} ${us.call}`).not.toMatch(/999|A&E/);
    }
  });

  it('sends people to A&E / the ER first, and says a US urgent care clinic is not one', () => {
    const [uk, us] = emergencyWording(['hot-red-swollen']);
    expect(uk.now).toBe('Go to A&E now.');
    expect(us.now).toBe('Go to the emergency room (ER) now.');
    expect(us.call).toContain('An urgent care clinic is not an emergency room.');
  });

  it('makes signs of a stroke or heart attack a call straight away, whatever else is chosen', () => {
    const [uk, us] = emergencyWording(['heavy-bleeding', 'stroke-heart']);
    expect(uk.now).toBe('Call 999 now.');
    expect(us.now).toBe('Call 911 now.');
  });
});
