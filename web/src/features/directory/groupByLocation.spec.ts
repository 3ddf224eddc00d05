import type { Specialist } from './directoryApi';
import { groupByLocation, httpsUrl } from './groupByLocation';

const person = (id: string, location: string, url = `https://c.example.org/${id}`): Specialist => ({
  id,
  name: `Dr ${id}`,
  specialty_note: null,
  clinic: 'Clinic',
  location,
  url,
});

describe('groupByLocation', () => {
  it("groups by location in the server's order, keeping the order inside each group", () => {
    const groups = groupByLocation([
      person('a', 'Bristol, UK'),
      person('b', 'Bristol, UK'),
      person('c', 'Chicago, IL, USA'),
      person('d', 'Leeds, UK'),
      person('e', 'Leeds, UK'),
    ]);
    expect(groups.map((group) => [group.location, group.specialists.map((s) => s.id)])).toEqual([
      ['Bristol, UK', ['a', 'b']],
      ['Chicago, IL, USA', ['c']],
      ['Leeds, UK', ['d', 'e']],
    ]);
  });

  it('never splits a location into two headings, and never sorts', () => {
    const groups = groupByLocation([
      person('z', 'York'),
      person('a', 'Aberdeen'),
      person('y', 'York'),
    ]);
    expect(groups.map((group) => [group.location, group.specialists.map((s) => s.id)])).toEqual([
      ['York', ['z', 'y']],
      ['Aberdeen', ['a']],
    ]);
  });

  it('gives no groups for no specialists', () => {
    expect(groupByLocation([])).toEqual([]);
  });

  it('keeps links only when they are https', () => {
    const [group] = groupByLocation([
      person('a', 'X'),
      person('b', 'X', 'http://c.example.org/b'),
      person('c', 'X', 'javascript:alert(1)'),
      person('d', 'X', 'not a url'),
    ]);
    expect(group?.specialists.map((s) => s.safeUrl)).toEqual([
      'https://c.example.org/a',
      null,
      null,
      null,
    ]);
    expect(httpsUrl('https://c.example.org/x?y=1')).toBe('https://c.example.org/x?y=1');
  });
});
