import GlobalStyles from '@mui/material/GlobalStyles';
import type { Theme } from '@mui/material/styles';

const focusRing = (theme: Theme) => `3px solid ${theme.palette.primary.dark}`;

/**
 * The document-wide styles: MUI CssBaseline's normalisation (box sizing, body margin and
 * typography, font smoothing) plus visible focus, reduced motion and print rules. Written
 * out here rather than using CssBaseline, which ships colour-scheme code this site never uses.
 */
function baseline(theme: Theme) {
  return {
    html: {
      WebkitFontSmoothing: 'antialiased',
      MozOsxFontSmoothing: 'grayscale',
      boxSizing: 'border-box',
      WebkitTextSizeAdjust: '100%',
    },
    '*, *::before, *::after': { boxSizing: 'inherit' },
    'strong, b': { fontWeight: theme.typography.fontWeightBold },
    body: {
      margin: 0,
      color: theme.palette.text.primary,
      ...theme.typography.body1,
      backgroundColor: theme.palette.background.default,
    },
    ':focus-visible': { outline: focusRing(theme), outlineOffset: 2 },
    // MUI removes the outline on its own controls; keep a visible ring for keyboard users.
    '.MuiButtonBase-root.Mui-focusVisible, .MuiLink-root:focus-visible': {
      outline: focusRing(theme),
      outlineOffset: 2,
    },
    '.MuiCheckbox-root.Mui-focusVisible, .MuiRadio-root.Mui-focusVisible': {
      outline: focusRing(theme),
    },
    '@media (prefers-reduced-motion: reduce)': {
      '*, *::before, *::after': {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
    // The printed results fit one A4 page: rem-based sizes shrink with the root size.
    '@media print': {
      html: { fontSize: '11px' },
      body: { backgroundColor: '#ffffff' },
      // 8 mm: inside every office printer's unprintable edge (about 4–6 mm), and 15 px more page.
      '@page': { size: 'A4', margin: '8mm' },
    },
  };
}

export function GlobalBaseline() {
  return <GlobalStyles styles={baseline} />;
}
