import { resourceCatalogue } from '../../content';
import { resultResourceGroups } from './resourceGroups';

describe('resultResourceGroups', () => {
  const names = Object.keys(resourceCatalogue);

  it('never shows an empty group, nor one called Videos', () => {
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const groups = resultResourceGroups(name);
      expect(groups.length).toBeGreaterThan(0);
      expect(groups.filter((group) => group.links.length === 0)).toEqual([]);
      expect(groups.map((group) => group.heading)).not.toContain('Videos');
    }
  });

  it('names the illustrated patient guides for what they are, after the specialist resources', () => {
    const groups = resultResourceGroups('Carpal Tunnel Syndrome').map((group) => group.heading);
    expect(groups).toEqual([
      'Medical Resources',
      'Specialist Resources',
      'Illustrated Guides',
      'Additional Resources',
    ]);
  });

  it('has nothing for a condition without resources', () => {
    expect(resultResourceGroups('No Such Condition')).toEqual([]);
  });
});
