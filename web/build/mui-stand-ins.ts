import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Imports inside MUI pointed elsewhere, each for code a page would otherwise carry or run
 * without using it (figures: web/README.md):
 *
 * - `createTheme` and `ThemeProvider` statically import the CSS-variables theme machinery
 *   although a theme without `cssVariables`/`colorSchemes` never reaches it: a stand-in that
 *   throws if used, failing the prerender loudly.
 * - the styled engine only ever calls `styled(tag, options)`, but imports @emotion/styled,
 *   whose index makes a `styled.div`-style shortcut for every HTML tag (about 130) when the
 *   page starts; it gets @emotion/styled/base, the same function without them.
 */
const STAND_INS: Array<{ importer: RegExp; target: RegExp; use: string }> = [
  {
    importer: /@mui[\\/]material[\\/]esm[\\/]styles[\\/](ThemeProvider|createTheme)\.js$/,
    target: /^\.\/(ThemeProviderWithVars|createThemeWithVars)\.js$/,
    use: here('./no-css-vars.js'),
  },
  {
    importer: /@mui[\\/]styled-engine[\\/]esm[\\/]index\.js$/,
    target: /^@emotion\/styled$/,
    use: '@emotion/styled/base',
  },
];

export function muiStandIns(): Plugin {
  return {
    name: 'handcheck:mui-stand-ins',
    enforce: 'pre',
    resolveId(source, from) {
      if (!from) return null;
      const standIn = STAND_INS.find(
        ({ importer, target }) => importer.test(from) && target.test(source),
      );
      return standIn ? this.resolve(standIn.use, from, { skipSelf: true }) : null;
    },
  };
}
