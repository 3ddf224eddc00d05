import { guideData } from '../src/features/conditions/guideData';
import {
  GUIDE_LIST,
  GUIDE_LISTS,
  GUIDE_PAGE,
  GUIDE_PAGES,
  guideModuleSource,
  isGuideModule,
} from './guide-module-source';

const data = guideData();

/** The default export of a module source made of an object literal. */
function defaultExport(source: string | null): unknown {
  const match = /^export default ([\s\S]*);\n$/.exec(source ?? '');
  if (!match) throw new Error(`not a default export: ${source}`);
  return JSON.parse(match[1]);
}

describe('guide module sources', () => {
  it('map every guide and every category to its own module, by the id the manifest uses', () => {
    const pages = guideModuleSource(GUIDE_PAGES, data) ?? '';
    expect(pages).toContain(`export const prefix = "${GUIDE_PAGE}";`);
    for (const slug of Object.keys(data.pages))
      expect(pages).toContain(`${JSON.stringify(slug)}: () => import("${GUIDE_PAGE}${slug}"),`);
    const lists = guideModuleSource(GUIDE_LISTS, data) ?? '';
    expect(lists).toContain(`export const prefix = "${GUIDE_LIST}";`);
    for (const category of Object.keys(data.lists))
      expect(lists).toContain(`"${category}": () => import("${GUIDE_LIST}${category}"),`);
  });

  it("hold a guide's page and a category's list", () => {
    expect(defaultExport(guideModuleSource(`${GUIDE_PAGE}trigger-finger`, data))).toEqual(
      data.pages['trigger-finger'],
    );
    expect(defaultExport(guideModuleSource(`${GUIDE_LIST}elbow`, data))).toEqual(data.lists.elbow);
  });

  it('know no other guide, category or module', () => {
    expect(guideModuleSource(`${GUIDE_PAGE}no-such-guide`, data)).toBeNull();
    expect(guideModuleSource(`${GUIDE_PAGE}constructor`, data)).toBeNull();
    expect(guideModuleSource(`${GUIDE_LIST}feet`, data)).toBeNull();
    expect(guideModuleSource('virtual:something-else', data)).toBeNull();
    expect(isGuideModule('react')).toBe(false);
    expect(isGuideModule(`${GUIDE_PAGE}trigger-finger`)).toBe(true);
  });
});
