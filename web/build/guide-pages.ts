import { runnerImport, type AliasOptions, type Plugin } from 'vite';
import type * as GuideDataModule from '../src/features/conditions/guideData';
import { guideModuleSource, isGuideModule, type GuideData } from './guide-module-source';

/*
 * The condition guides as modules of their own: one per guide's page and one per category's
 * list, each holding only what that page shows (src/features/conditions/guideData.ts), plus
 * two small maps of loaders. The content stays the one source: it is evaluated at build time,
 * so the modules always say what the content says.
 *
 *   virtual:handcheck/guide-pages        { [slug]: { id, load } } of guide/<slug>
 *   virtual:handcheck/guide/<slug>       default: GuidePage
 *   virtual:handcheck/guide-lists        { [category]: { id, load } } of guide-list/<category>
 *   virtual:handcheck/guide-list/<id>    default: GuideSummary[]
 *
 * A page loads its module as a lazy page (src/app/lazyPage), under the module's id as the
 * Vite manifest names it (the id above), so the prerender preloads it with the page.
 */
const GUIDE_DATA = '/src/features/conditions/guideData.ts';

export function guidePages({ alias }: { alias: AliasOptions }): Plugin {
  let root = process.cwd();
  let loaded: Promise<{ data: GuideData; files: string[] }> | undefined;
  let files = new Set<string>();

  const load = () =>
    (loaded ??= runnerImport<typeof GuideDataModule>(GUIDE_DATA, {
      configFile: false,
      root,
      logLevel: 'error',
      resolve: { alias },
    }).then(({ module, dependencies }) => {
      files = new Set(dependencies);
      return { data: module.guideData(), files: dependencies };
    }));

  return {
    name: 'handcheck:guide-pages',
    configResolved(config) {
      root = config.root;
    },
    resolveId(source) {
      return isGuideModule(source) ? `\0${source}` : null;
    },
    async load(id) {
      if (!id.startsWith('\0') || !isGuideModule(id.slice(1))) return null;
      const { data, files: sources } = await load();
      // A change to the content makes the modules (and the dev server's pages) current again.
      for (const file of sources) this.addWatchFile(file);
      const source = guideModuleSource(id.slice(1), data);
      if (source === null) this.error(`${id.slice(1)}: no such guide or category`);
      return source;
    },
    watchChange(id) {
      if (files.has(id)) loaded = undefined;
    },
  };
}
