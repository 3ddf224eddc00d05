import { version, type Plugin } from 'vite';

/** The id under which Vite's build loads its dynamic-import helper (vite/src/node/plugins/importAnalysisBuild.ts). */
const VITE_PRELOAD_HELPER = '\0vite/preload-helper.js';

/*
 * Vite turns every `import()` into `__vitePreload(() => import(chunk), deps)`. With
 * `build.modulePreload: false` (see vite.config.ts) it passes no deps, but its helper still
 * carries the code for them, for stylesheets, CSP nonces and a `vite:preloadError` event, none of
 * which this site uses: about 0.35 KiB gzip of every page. What is left to do is the import.
 */
const SOURCE = 'export const __vitePreload = (load) => load();\n';

export function noPreloadHelper(): Plugin {
  return {
    name: 'handcheck:no-preload-helper',
    enforce: 'pre',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      // The helper's calling convention is Vite's own: look again on a new major version.
      if (!version.startsWith('7.'))
        throw new Error(`build/preload-helper.ts was written for Vite 7, not ${version}`);
      if (config.build.modulePreload !== false)
        throw new Error(
          'build/preload-helper.ts drops the deps Vite passes: set build.modulePreload to false',
        );
    },
    load(id) {
      return id === VITE_PRELOAD_HELPER ? { code: SOURCE, moduleSideEffects: false } : null;
    },
  };
}
