// Stand-in for MUI's useLayerOrder (see build/mui-stand-ins.ts), which only does something for a
// theme with `modularCssLayers`; HandCheck's theme has none, so the hook renders nothing. Throws
// for a theme that sets it, so turning CSS layers on fails the prerender loudly.
export default function useLayerOrder(theme) {
  if (theme.modularCssLayers)
    throw new Error(
      'HandCheck builds without MUI CSS layers: remove its entry from build/mui-stand-ins.ts to use modularCssLayers',
    );
  return null;
}
