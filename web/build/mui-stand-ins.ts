import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Imports inside MUI (and the libraries it brings) pointed elsewhere, each for code a page
 * would otherwise carry without ever running it:
 *
 * - `createTheme` and `ThemeProvider` statically import the CSS-variables theme machinery
 *   (about 7.5 KB gzip) although a theme without `cssVariables`/`colorSchemes` never reaches
 *   it, and every theme carries `toRuntimeSource` (stringifyTheme, for Pigment CSS), which
 *   nothing here calls; likewise ThemeProvider's CSS-layers hook (useLayerOrder), for a theme
 *   option this one does not set: stand-ins that throw if used, failing the prerender loudly.
 * - createTheme only hands a theme without `cssVariables` and `colorSchemes` (this site's, and
 *   MUI's default theme) to createThemeNoVars, but first prepares colour schemes it would then
 *   not use: it becomes that call alone, throwing for the options it no longer handles.
 * - MUI makes its default theme twice as its modules load (styles/defaultTheme.js and
 *   Box.js), each a whole createTheme in the task evaluating the page's scripts, but reads it
 *   only when a component renders outside a ThemeProvider, which this site never does (the
 *   app's theme is provided at the root). The stand-in hands both a proxy that makes the one
 *   default theme on its first read: a whole createTheme (about 3 ms of a start-up task here)
 *   that never runs.
 * - deepmerge (in every page through createTheme) uses one function of react-is, a CommonJS
 *   module that comes whole: it gets that function alone, with the same checks.
 * - the styled engine only ever calls `styled(tag, options)`, but imports @emotion/styled,
 *   whose index adds a `styled.div`-style shortcut for every HTML tag (about 130, made when the
 *   page starts); it gets @emotion/styled/base, the same function without them.
 */
const STAND_INS: Array<{ importer: RegExp; target: RegExp; use: string }> = [
  {
    importer: /@mui[\\/]material[\\/]esm[\\/]styles[\\/](ThemeProvider|createTheme)\.js$/,
    target: /^\.\/(ThemeProviderWithVars|createThemeWithVars)\.js$/,
    use: here('./no-css-vars.js'),
  },
  {
    importer: /@mui[\\/]material[\\/]esm[\\/]styles[\\/]createThemeNoVars\.js$/,
    target: /^\.\/stringifyTheme\.js$/,
    use: here('./no-runtime-theme-source.js'),
  },
  {
    importer: /@mui[\\/]system[\\/]esm[\\/]ThemeProvider[\\/]ThemeProvider\.js$/,
    target: /^\.\/useLayerOrder\.js$/,
    use: here('./no-css-layers.js'),
  },
  {
    importer: /@mui[\\/]utils[\\/]esm[\\/]deepmerge[\\/]deepmerge\.js$/,
    target: /^react-is$/,
    use: here('./react-is-element-type.js'),
  },
  {
    importer: /@mui[\\/]styled-engine[\\/]esm[\\/]index\.js$/,
    target: /^@emotion\/styled$/,
    use: '@emotion/styled/base',
  },
];

/** The createTheme stand-in, a module per MUI styles folder (there is one): see above. */
const CREATE_THEME = '\0handcheck:create-theme:';
const THEME_IMPORTER = /@mui[\\/]material[\\/]esm[\\/]styles[\\/][^\\/]+\.js$/;

export const createThemeSource = (
  stylesDir: string,
) => `import createThemeNoVars from ${JSON.stringify(join(stylesDir, 'createThemeNoVars.js'))};
let defaultTheme;
const madeDefault = () => (defaultTheme ??= createThemeNoVars());
const lazyDefault = new Proxy({}, {
  get: (_, key) => Reflect.get(madeDefault(), key),
  has: (_, key) => Reflect.has(madeDefault(), key),
  ownKeys: () => Reflect.ownKeys(madeDefault()),
  getOwnPropertyDescriptor: (_, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(madeDefault(), key);
    return descriptor && { ...descriptor, configurable: true };
  },
});
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options)
    throw new Error('HandCheck builds without MUI colour schemes and CSS variables: remove the createTheme entry from build/mui-stand-ins.ts to use them');
  if (arguments.length === 0) return lazyDefault;
  return createThemeNoVars(options, ...args);
}
`;

export function muiStandIns(): Plugin {
  return {
    name: 'handcheck:mui-stand-ins',
    enforce: 'pre',
    resolveId(source, from) {
      if (!from) return null;
      if (source === './createTheme.js' && THEME_IMPORTER.test(from))
        return CREATE_THEME + dirname(from);
      const standIn = STAND_INS.find(
        ({ importer, target }) => importer.test(from) && target.test(source),
      );
      return standIn ? this.resolve(standIn.use, from, { skipSelf: true }) : null;
    },
    load(id) {
      return id.startsWith(CREATE_THEME) ? createThemeSource(id.slice(CREATE_THEME.length)) : null;
    },
  };
}
