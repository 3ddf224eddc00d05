import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { guidePages } from './build/guide-pages';
import { muiStandIns } from './build/mui-stand-ins';
import { reactRouterTreeShaking } from './build/react-router-tree-shaking';
import { isRtkQueryCopy, rtkQueryOwnCopy } from './build/rtk-query-own-copy';
import { swcMinify } from './build/swc-minify';

/** Workspace packages the browser bundles from source (jest maps them the same way). */
const sourcePackage = (name: string) =>
  fileURLToPath(new URL(`../packages/${name}/src/index.ts`, import.meta.url));
/** Only the contracts' browser-events entry: the package's root pulls in the protobuf runtime. */
const browserEvents = fileURLToPath(
  new URL('../packages/contracts/src/browser-events/index.ts', import.meta.url),
);
/** The referral's limits, cleaning and messages, without the class-validator class built from them. */
const referralFields = fileURLToPath(
  new URL('../packages/contracts/src/referral/referral-fields.ts', import.meta.url),
);

// The diagnosis engine, the URL rules, the event contract and the content catalogue are pure data
// and functions; their top-level calls (deepFreeze, Map building) have no outside effects, so
// unused parts may be dropped.
const PURE_SOURCES =
  /[\\/](packages[\\/](diagnosis|site-paths|contracts[\\/]src[\\/](browser-events|referral|text))|web[\\/]src[\\/]content)[\\/]/;

// Libraries every page needs change rarely, so they get their own long-cached chunk;
// everything else (MUI components, pages, the questionnaire) is split by Rollup along
// the lazy route boundaries so a public page only downloads what it renders.
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|react-redux|@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect|use-sync-external-store)[\\/]/;

/**
 * Parts of those libraries only lazy features use. RTK Query (about 18 KB gzip) is attached to
 * the store when the first feature with endpoints loads (see src/app/store.ts); in the
 * framework chunk it would be in every page's initial JavaScript. (What RTK Query uses of the
 * other libraries gets copies of its own: see build/rtk-query-own-copy.ts.)
 */
const LAZY_LIBRARY_PARTS = /[\\/]node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/;

/**
 * react-router's package exports point every bundler at its development build (dev warnings
 * included); the browser build takes the production one it ships alongside. The dev server
 * keeps the warnings, and the prerender runs the package as Node resolves it.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(
    new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
  ),
};

const alias = {
  '@handcheck/contracts/browser-events': browserEvents,
  '@handcheck/contracts/referral-fields': referralFields,
  '@handcheck/diagnosis': sourcePackage('diagnosis'),
  '@handcheck/site-paths': sourcePackage('site-paths'),
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    muiStandIns(),
    reactRouterTreeShaking(),
    rtkQueryOwnCopy(),
    guidePages({ alias }),
    swcMinify(),
  ],
  resolve: {
    alias:
      command === 'build' && !isSsrBuild
        ? [
            ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
            reactRouterProduction,
          ]
        : alias,
  },
  build: {
    manifest: true,
    // No preloading of a lazy chunk's imports alongside it: Vite's lists of them are up to 1.3 KB
    // gzip of a page. The prerender still preloads each page's chunks for the first view;
    // after a client-side navigation the browser fetches a new chunk's imports once it has the
    // chunk, one step (Rollup lists the indirect ones there too).
    modulePreload: false,
    target: 'es2022',
    rollupOptions: {
      treeshake: {
        moduleSideEffects: (id) => !PURE_SOURCES.test(id),
      },
      output: {
        manualChunks(id) {
          return FRAMEWORK.test(id) && !LAZY_LIBRARY_PARTS.test(id) && !isRtkQueryCopy(id)
            ? 'framework'
            : undefined;
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
}));
