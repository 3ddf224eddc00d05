import type { Plugin } from 'vite';

/** Marks the copies: Rollup keeps a module per id, and an id with this query is another module. */
const COPY = '?rtk-query';
const RTK_QUERY = /[\\/]node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/;
const SHARED_LIBRARIES = new Set(['@reduxjs/toolkit', 'immer', 'reselect']);

/** Whether a module id is one of the copies made for RTK Query (see rtkQueryOwnCopy). */
export const isRtkQueryCopy = (id: string) => id.endsWith(COPY);

/*
 * RTK Query loads with the first feature that fetches (src/app/api.ts), but what it uses of
 * Redux Toolkit's core, immer and reselect (createAsyncThunk, the action matchers, immer's
 * patches, createSelector: about 3.5 KiB gzip) stayed in the framework chunk every page
 * loads: Rollup places a module whole, with every export any chunk uses. So RTK Query's
 * imports of those three packages get copies of their own, which load with it; the pages'
 * store keeps the originals. Nothing depends on both sharing an instance: actions are matched
 * by their type strings, immer marks its drafts with global symbols (Symbol.for), and the
 * copies' state (immer's plugin list, reselect's caches) only serves RTK Query.
 */
export function rtkQueryOwnCopy(): Plugin {
  return {
    name: 'handcheck:rtk-query-own-copy',
    enforce: 'pre',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async resolveId(source, importer) {
      if (!importer || !SHARED_LIBRARIES.has(source)) return null;
      if (!RTK_QUERY.test(importer) && !isRtkQueryCopy(importer)) return null;
      const original = await this.resolve(source, importer, { skipSelf: true });
      if (!original || original.external) return original;
      return { ...original, id: `${original.id}${COPY}` };
    },
  };
}
