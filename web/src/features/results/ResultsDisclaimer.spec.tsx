import { renderToStaticMarkup } from 'react-dom/server';
import { CARE_LEVELS } from '@handcheck/diagnosis';
import { ResultsDisclaimer } from './ResultsDisclaimer';

const text = () =>
  renderToStaticMarkup(<ResultsDisclaimer safetyNet="Safety net." />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the results disclaimer agrees with the care card (hazard H2, wrong care level)', () => {
  it('sends a bone out of shape, cold or blue hands, infection, bites and injection injuries to A&E / the emergency room', () => {
    const words = text();
    expect(words).toContain(
      'Go to A&E (UK) or the emergency room (US) now for a bone at an odd angle',
    );
    for (const sign of [
      'suddenly cold, pale or blue',
      'hot, red, swollen',
      'a bite',
      'high-pressure gun',
    ]) {
      expect(words).toContain(sign);
    }
  });

  it('sends a suspected broken bone that is not out of shape where the urgent card does, not to A&E', () => {
    const words = text();
    expect(words).not.toMatch(/A&E[^.]*suspected broken bone/);
    expect(words).toContain(
      'urgent treatment centre or minor injuries unit (UK) or urgent care (US)',
    );
    expect(CARE_LEVELS.urgent.action).toMatch(/urgent treatment centre|urgent care/i);
  });
});
