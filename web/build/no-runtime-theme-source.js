// Stand-in for MUI's stringifyTheme, which createTheme attaches to every theme as
// `theme.toRuntimeSource` for Pigment CSS; HandCheck renders with emotion and never calls it
// (see vite.config.ts). Throws so that a use of it fails loudly.
export function stringifyTheme() {
  throw new Error(
    'HandCheck builds without theme.toRuntimeSource (Pigment CSS): remove muiWithoutCssVariables() from vite.config.ts to use it',
  );
}
