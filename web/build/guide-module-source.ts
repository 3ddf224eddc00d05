import type * as GuideDataModule from '../src/features/conditions/guideData';

/*
 * The sources of the guide modules (see guide-pages.ts): plain functions of the guide data,
 * apart from the Vite plugin so the unit tests can check them.
 */
export const GUIDE_PAGES = 'virtual:handcheck/guide-pages';
export const GUIDE_PAGE = 'virtual:handcheck/guide/';
export const GUIDE_LISTS = 'virtual:handcheck/guide-lists';
export const GUIDE_LIST = 'virtual:handcheck/guide-list/';

export type GuideData = ReturnType<typeof GuideDataModule.guideData>;

/** The source of a module whose default export is `value` (JSON is valid JavaScript). */
const defaultExport = (value: unknown) => `export default ${JSON.stringify(value)};\n`;

/**
 * The source of a map of lazy modules, one per key: each module's import. A module's id (what
 * the Vite manifest names it) is the exported prefix and its key, so the map does not repeat it.
 */
function loaderMap(prefix: string, keys: string[]): string {
  const entries = keys.map(
    (key) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(prefix + key)}),`,
  );
  return `export const prefix = ${JSON.stringify(prefix)};\nexport default {\n${entries.join('\n')}\n};\n`;
}

/** The source of a guide module, or null for an id that is not one. */
export function guideModuleSource(id: string, data: GuideData): string | null {
  if (id === GUIDE_PAGES) return loaderMap(GUIDE_PAGE, Object.keys(data.pages));
  if (id === GUIDE_LISTS) return loaderMap(GUIDE_LIST, Object.keys(data.lists));
  for (const [prefix, modules] of [
    [GUIDE_PAGE, data.pages],
    [GUIDE_LIST, data.lists],
  ] as const) {
    const key = id.startsWith(prefix) ? id.slice(prefix.length) : undefined;
    if (key !== undefined && Object.hasOwn(modules, key))
      return defaultExport(modules[key as keyof typeof modules]);
  }
  return null;
}

export const isGuideModule = (id: string) =>
  id === GUIDE_PAGES ||
  id === GUIDE_LISTS ||
  id.startsWith(GUIDE_PAGE) ||
  id.startsWith(GUIDE_LIST);
