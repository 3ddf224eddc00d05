import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const diagnosisEntry = fileURLToPath(new URL('../packages/diagnosis/src/index.ts', import.meta.url));
const sitePathsEntry = fileURLToPath(new URL('../packages/site-paths/src/index.ts', import.meta.url));

// Libraries every page needs change rarely, so they get their own long-cached chunk;
// everything else (MUI components, pages, the questionnaire) is split by Rollup along
// the lazy route boundaries so a public page only downloads what it renders.
// The diagnosis engine and the content catalogue are pure data and functions; their top-level
// calls (deepFreeze, Map building) have no outside effects, so unused parts may be dropped.
const PURE_SOURCES = /[\\/](packages[\\/]diagnosis|web[\\/]src[\\/]content)[\\/]/;

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|@reduxjs[\\/]toolkit|redux|immer|reselect|use-sync-external-store)[\\/]/;

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@handcheck/diagnosis': diagnosisEntry, '@handcheck/site-paths': sitePathsEntry },
  },
  build: {
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      treeshake: {
        moduleSideEffects: (id) => !PURE_SOURCES.test(id),
      },
      output: {
        manualChunks(id) {
          if (FRAMEWORK.test(id)) return 'framework';
          return undefined;
        },
      },
    },
  },
  ssr: {
    // Bundling MUI and emotion into the prerender bundle keeps Node's ESM/CJS
    // resolution out of the way; the bundle only runs at build time.
    noExternal: [/^@mui\//, /^@emotion\//],
  },
  server: { port: 5173 },
  preview: { port: 18080 },
});
