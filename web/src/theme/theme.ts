import { createTheme, type Theme } from '@mui/material/styles';
import { BOLD, TEXT_SIZE } from './typeScale';

/** Brand blue from the spec: used for theme-color, accents, borders and icons (3.7:1 on white, enough for non-text UI). */
export const BRAND_BLUE = '#3b82f6';

/**
 * Text-bearing blues: #3b82f6 fails 4.5:1 against white, so buttons and links use
 * darker shades of the same hue (#1d4ed8 is 6.7:1 on white, #1e40af 8.7:1).
 */
const PRIMARY_MAIN = '#1d4ed8';
const PRIMARY_DARK = '#1e40af';

let made: Theme | undefined;

/**
 * The site's theme, made on first use rather than when the module loads: createTheme is one of
 * the costliest calls of the page's start, and the browser entry makes it in a task of its own
 * (see src/main.tsx) instead of in the one evaluating the entry's code.
 */
export function appTheme(): Theme {
  made ??= makeTheme();
  return made;
}

const makeTheme = () =>
  createTheme({
    palette: {
      primary: {
        main: PRIMARY_MAIN,
        dark: PRIMARY_DARK,
        light: BRAND_BLUE,
        contrastText: '#ffffff',
      },
      secondary: { main: '#0f766e', contrastText: '#ffffff' },
      error: { main: '#b91c1c' },
      warning: { main: '#b45309' },
      info: { main: PRIMARY_MAIN },
      success: { main: '#15803d' },
      text: { primary: '#111827', secondary: '#374151' },
      background: { default: '#f8fafc', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      fontWeightMedium: BOLD,
      fontWeightBold: BOLD,
      h1: { fontSize: '2.25rem', fontWeight: BOLD, lineHeight: 1.2 },
      h2: { fontSize: '1.5rem', fontWeight: BOLD, lineHeight: 1.3 },
      h3: { fontSize: TEXT_SIZE.lead, fontWeight: BOLD, lineHeight: 1.4 },
      button: { textTransform: 'none', fontWeight: BOLD },
    },
    components: {
      MuiButtonBase: { defaultProps: { disableRipple: true } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiLink: { defaultProps: { underline: 'always' } },
      MuiPaper: { defaultProps: { elevation: 0 } },
    },
  });

/** Page-width wrapper used by header, main and footer (MUI's Container without its extra code). */
export const PAGE_WIDTH = {
  width: '100%',
  maxWidth: 'lg',
  mx: 'auto',
  px: { xs: 2, sm: 3 },
} as const;
