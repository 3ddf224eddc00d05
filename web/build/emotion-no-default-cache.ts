import type { Plugin } from 'vite';

const EMOTION_ELEMENT =
  /[\\/]node_modules[\\/]@emotion[\\/]react[\\/]dist[\\/]emotion-element-[\w]+\.browser\.esm\.js$/;
/** The default value of emotion's cache context, in the browser build: a whole cache. */
const DEFAULT_CACHE =
  /typeof HTMLElement !== 'undefined' \? \/\* #__PURE__ \*\/createCache\(\{\s*key: 'css'\s*\}\) : null/;

/**
 * @emotion/react makes a cache when it loads, as the default of its cache context, for apps
 * without a CacheProvider. This app always has one (src/app/AppProviders.tsx, made in
 * src/main.tsx), so that default is never read; but making it adopts the prerendered style
 * tags (a DOM query and a style sheet moved), a few milliseconds of the task that evaluates
 * the page's scripts. The browser build gets `null` there instead, which is what the server
 * build already has.
 */
export function emotionNoDefaultCache(): Plugin {
  return {
    name: 'handcheck:emotion-no-default-cache',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transform(code, id) {
      return isEmotionElement(id) ? { code: withoutDefaultCache(code, id), map: null } : null;
    },
  };
}

export const isEmotionElement = (id: string) => EMOTION_ELEMENT.test(id);

/** The module's code with `null` for the default cache; throws if emotion changed its text. */
export function withoutDefaultCache(code: string, id: string): string {
  if (!DEFAULT_CACHE.test(code))
    throw new Error(
      `${id}: emotion's default cache is no longer written as build/emotion-no-default-cache.ts expects; look again`,
    );
  return code.replace(DEFAULT_CACHE, 'null');
}
