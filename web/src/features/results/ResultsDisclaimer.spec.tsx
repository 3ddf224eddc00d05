import { renderToStaticMarkup } from 'react-dom/server';
import { CARE_LEVELS, SAFETY_NET } from '@handcheck/diagnosis';
import { ResultsDisclaimer } from './ResultsDisclaimer';

const text = () =>
  renderToStaticMarkup(<ResultsDisclaimer safetyNet={SAFETY_NET} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the results disclaimer agrees with the care card (hazard H2, wrong care level)', () => {
  it('names, through the safety net it shows, what needs A&E / the emergency room now', () => {
    const words = text();
    expect(words).toContain('Go to A&E (UK) or the emergency room (US) now if a hand or finger');
    for (const sign of [
      'cold, pale or blue',
      'out of shape, numb or tingly after an injury',
      'hot, red, swollen',
      'a bite',
      'high-pressure gun',
    ]) {
      expect(words).toContain(sign);
    }
  });

  it('sends a suspected broken bone that is not out of shape or severely painful where the urgent card does, not to A&E', () => {
    const words = text();
    expect(words).not.toMatch(/A&E[^.]*suspected broken bone/);
    expect(words).toContain(
      'an urgent treatment centre or minor injuries unit (UK), or urgent care (US)',
    );
    expect(CARE_LEVELS.urgent.action).toMatch(/urgent treatment centre|urgent care/i);
  });
});
