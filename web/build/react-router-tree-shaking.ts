import type { Plugin } from 'vite';
import { pureCalls } from './pure-calls';

const REACT_ROUTER = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;

/**
 * react-router's bundle makes its contexts, `Link`, `NavLink` and `Form` with unannotated
 * top-level `React.createContext`/`forwardRef`/`memo` calls and then names them
 * (`Link.displayName = "Link"`), so Rollup must keep every one (and all it references: form
 * submission, fetchers, data-router code) although this site renders only `Link`. The calls
 * have no side effects and the names only label components in React DevTools, so in the
 * production build the calls are marked pure and the names dropped; unused ones then go
 * (about 3 KiB gzip of every page's JavaScript).
 */
export function reactRouterTreeShaking(): Plugin[] {
  const topLevelName = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
  return [
    pureCalls('react-router', REACT_ROUTER, /React\d*\.(?:createContext|forwardRef|memo)/),
    {
      name: 'handcheck:react-router-display-names',
      apply: 'build',
      transform(code, id) {
        if (!REACT_ROUTER.test(id)) return null;
        return { code: code.replace(topLevelName, ''), map: null };
      },
    },
  ];
}
