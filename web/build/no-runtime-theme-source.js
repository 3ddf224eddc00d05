// Stand-in for MUI's stringifyTheme, which createTheme attaches to every theme as
// `theme.toRuntimeSource` for Pigment CSS; HandCheck renders with emotion and never calls it
// (see build/mui-stand-ins.ts). Throws so that a use of it fails loudly.
export function stringifyTheme() {
  throw new Error(
    'HandCheck builds without theme.toRuntimeSource (Pigment CSS): remove its entry from build/mui-stand-ins.ts to use it',
  );
}
