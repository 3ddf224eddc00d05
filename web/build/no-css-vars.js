// Stand-in for MUI's CSS-variables theme code, which HandCheck's theme never uses (see
// vite.config.ts). Throws so that switching the theme to CSS variables fails the prerender
// loudly instead of rendering unstyled.
function cssVariablesThemeUnsupported() {
  throw new Error(
    'HandCheck builds without MUI CSS-variables themes: remove muiWithoutCssVariables() from vite.config.ts to use them',
  );
}
export default cssVariablesThemeUnsupported;
export const CssVarsProvider = cssVariablesThemeUnsupported;
