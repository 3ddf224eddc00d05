import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { guidePages } from './build/guide-pages';

/** Workspace packages the browser bundles from source (jest maps them the same way). */
const sourcePackage = (name: string) =>
  fileURLToPath(new URL(`../packages/${name}/src/index.ts`, import.meta.url));
/** Only the contracts' browser-events entry: the package's root pulls in the protobuf runtime. */
const browserEvents = fileURLToPath(
  new URL('../packages/contracts/src/browser-events/index.ts', import.meta.url),
);
const noCssVarsShim = fileURLToPath(new URL('./build/no-css-vars.js', import.meta.url));
const noRuntimeThemeSourceShim = fileURLToPath(
  new URL('./build/no-runtime-theme-source.js', import.meta.url),
);

// The diagnosis engine, the URL rules, the event contract and the content catalogue are pure data
// and functions; their top-level calls (deepFreeze, Map building) have no outside effects, so
// unused parts may be dropped. So is
// hoist-non-react-statics, which @emotion/react imports for a side effect it does not have
// (only its unused withTheme needs it); dropping it also drops a second copy of react-is.
const PURE_SOURCES =
  /[\\/](packages[\\/](diagnosis|site-paths|contracts[\\/]src[\\/]browser-events)|web[\\/]src[\\/]content|node_modules[\\/]hoist-non-react-statics)[\\/]/;

// Libraries every page needs change rarely, so they get their own long-cached chunk;
// everything else (MUI components, pages, the questionnaire) is split by Rollup along
// the lazy route boundaries so a public page only downloads what it renders.
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect|use-sync-external-store)[\\/]/;

/**
 * Parts of those libraries only lazy features use. RTK Query (about 18 KB gzip) is attached to
 * the store when the first feature with endpoints loads (see src/app/store.ts); in the
 * framework chunk it would be in every page's initial JavaScript.
 */
const LAZY_LIBRARY_PARTS = /[\\/]node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/;

/**
 * MUI's `createTheme` and `ThemeProvider` statically import the CSS-variables theme
 * machinery (about 7.5 KB gzip) although a theme without `cssVariables`/`colorSchemes`
 * never reaches it, and every theme carries `toRuntimeSource` (stringifyTheme, for Pigment
 * CSS), which nothing here calls. Pointing those imports at throwing stand-ins keeps them out
 * of every page; a stand-in throws if anything ever uses it (the prerender would fail).
 */
function muiWithoutCssVariables(): Plugin {
  const standIns: Array<{ importer: RegExp; target: RegExp; shim: string }> = [
    {
      importer: /@mui[\\/]material[\\/]esm[\\/]styles[\\/](ThemeProvider|createTheme)\.js$/,
      target: /^\.\/(ThemeProviderWithVars|createThemeWithVars)\.js$/,
      shim: noCssVarsShim,
    },
    {
      importer: /@mui[\\/]material[\\/]esm[\\/]styles[\\/]createThemeNoVars\.js$/,
      target: /^\.\/stringifyTheme\.js$/,
      shim: noRuntimeThemeSourceShim,
    },
  ];
  return {
    name: 'handcheck:mui-without-css-variables',
    enforce: 'pre',
    resolveId(source, from) {
      if (!from) return null;
      const standIn = standIns.find(
        ({ importer, target }) => importer.test(from) && target.test(source),
      );
      return standIn?.shim ?? null;
    },
  };
}

const alias = {
  '@handcheck/contracts/browser-events': browserEvents,
  '@handcheck/diagnosis': sourcePackage('diagnosis'),
  '@handcheck/site-paths': sourcePackage('site-paths'),
};

export default defineConfig({
  plugins: [react(), muiWithoutCssVariables(), guidePages({ alias })],
  resolve: { alias },
  build: {
    manifest: true,
    // Browsers without modulepreload simply skip the hint; the polyfill is not worth its bytes.
    modulePreload: { polyfill: false },
    target: 'es2022',
    rollupOptions: {
      treeshake: {
        moduleSideEffects: (id) => !PURE_SOURCES.test(id),
      },
      output: {
        manualChunks(id) {
          return FRAMEWORK.test(id) && !LAZY_LIBRARY_PARTS.test(id) ? 'framework' : undefined;
        },
      },
    },
  },
  ssr: {
    // Bundling MUI and emotion into the prerender bundle keeps Node's ESM/CJS
    // resolution out of the way, and applies the same MUI import redirect as the client.
    noExternal: [/^@mui\//, /^@emotion\//],
  },
  server: { port: 5173 },
  preview: { port: 18080 },
});
