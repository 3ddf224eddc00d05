// Stand-in for MUI's CSS-variables theme code, which HandCheck's theme never uses (see
// build/mui-stand-ins.ts). Throws so that switching the theme to CSS variables fails the prerender
// loudly instead of rendering unstyled.
function cssVariablesThemeUnsupported() {
  throw new Error(
    'HandCheck builds without MUI CSS-variables themes: remove its entry from build/mui-stand-ins.ts to use them',
  );
}
export default cssVariablesThemeUnsupported;
export const CssVarsProvider = cssVariablesThemeUnsupported;
