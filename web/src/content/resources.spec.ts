import { CONDITION_NAMES, cleanText } from '@handcheck/diagnosis';
import { isAllowedLink } from './links';
import { resourceCatalogue, resourcesFor, sanitiseResourceGroups } from './resources';
import { type ResourceGroups, type ResourceLink } from './types';

const GROUPS = ['medical', 'specialist', 'videos', 'additional'] as const;

function allLinks(groups: ResourceGroups): ResourceLink[] {
  return GROUPS.flatMap((group) => groups[group] ?? []);
}

describe('resourceCatalogue', () => {
  it('is keyed by exactly the 18 engine condition names', () => {
    expect(Object.keys(resourceCatalogue).sort()).toEqual([...CONDITION_NAMES].sort());
  });

  it.each(CONDITION_NAMES.map((name) => [name]))(
    'has medical, specialist and video links for %s',
    (name) => {
      const groups = resourceCatalogue[name];
      expect(groups?.medical.length).toBeGreaterThan(0);
      expect(groups?.specialist.length).toBeGreaterThan(0);
      expect(groups?.videos.length).toBeGreaterThan(0);
    },
  );

  it('only contains links that pass the allow-list, with clean names', () => {
    for (const groups of Object.values(resourceCatalogue)) {
      for (const link of allLinks(groups)) {
        expect(isAllowedLink(link.url)).toBe(true);
        expect(link.name).toBe(cleanText(link.name));
        expect(link.name).not.toBe('');
      }
    }
  });

  it('lists no link twice within one condition', () => {
    for (const groups of Object.values(resourceCatalogue)) {
      const urls = allLinks(groups).map((link) => link.url);
      expect(new Set(urls).size).toBe(urls.length);
    }
  });
});

describe('resourcesFor', () => {
  it.each(CONDITION_NAMES.map((name) => [name]))('returns every catalogue link for %s', (name) => {
    const groups = resourcesFor(name);
    const stored = resourceCatalogue[name] as ResourceGroups;
    for (const group of GROUPS) {
      expect(groups[group]?.map((link) => link.name)).toEqual(
        stored[group]?.map((link) => link.name),
      );
    }
  });

  it('tolerates surrounding whitespace in the name', () => {
    expect(resourcesFor('  Trigger Finger \n')).toEqual(resourcesFor('Trigger Finger'));
  });

  it('returns empty groups for an unknown name', () => {
    for (const name of [
      '',
      'Broken Arm',
      'trigger finger',
      'constructor',
      '__proto__',
      'toString',
    ]) {
      expect(resourcesFor(name)).toEqual({ medical: [], specialist: [], videos: [] });
    }
    expect(resourcesFor(undefined as unknown as string)).toEqual({
      medical: [],
      specialist: [],
      videos: [],
    });
  });

  it('returns a copy, so callers cannot change the catalogue', () => {
    const first = resourcesFor('Carpal Tunnel Syndrome');
    first.medical.length = 0;
    expect(resourcesFor('Carpal Tunnel Syndrome').medical.length).toBeGreaterThan(0);
  });
});

describe('sanitiseResourceGroups', () => {
  const dirty: ResourceGroups = {
    medical: [
      {
        name: '  <b>NHS</b>: Trigger finger ',
        url: 'https://www.nhs.uk/conditions/trigger-finger/',
      },
      { name: 'Look-alike', url: 'https://nih.gov.evil.com/page' },
      { name: 'Suffix trick', url: 'https://evilnih.gov/' },
      { name: 'Plain http', url: 'http://www.nhs.uk/' },
      { name: 'Not a URL', url: 'nhs.uk' },
      { name: 'Credentials', url: 'https://nih.gov@evil.com/' },
      { name: 'Script', url: 'javascript:alert(1)' },
    ],
    specialist: [
      { name: '<script>alert(1)</script>', url: 'https://www.assh.org/' },
      { name: '<img src=x onerror=alert(1)>BSSH', url: 'https://www.bssh.ac.uk/' },
    ],
    videos: [{ name: 'OrthoInfo', url: 'HTTPS://OrthoInfo.AAOS.org/en/' }],
    additional: [
      { name: 42 as unknown as string, url: 'https://www.nih.gov/' },
      { name: 'Missing url', url: undefined as unknown as string },
    ],
  };

  it('cleans names, drops disallowed links and nameless entries', () => {
    expect(sanitiseResourceGroups(dirty)).toEqual({
      medical: [
        { name: 'NHS: Trigger finger', url: 'https://www.nhs.uk/conditions/trigger-finger/' },
      ],
      specialist: [{ name: 'BSSH', url: 'https://www.bssh.ac.uk/' }],
      videos: [{ name: 'OrthoInfo', url: 'https://orthoinfo.aaos.org/en/' }],
      additional: [],
    });
  });

  it('leaves out the additional group when there is none', () => {
    const result = sanitiseResourceGroups({ medical: [], specialist: [], videos: [] });
    expect(result).toEqual({ medical: [], specialist: [], videos: [] });
    expect('additional' in result).toBe(false);
  });

  it('does not change its input', () => {
    const before = JSON.stringify(dirty);
    sanitiseResourceGroups(dirty);
    expect(JSON.stringify(dirty)).toBe(before);
  });
});
