import Box from '@mui/material/Box';
import { BOLD } from '../theme/typeScale';

/** First focusable element on every page; appears on focus and jumps past the header. */
export function SkipLink() {
  return (
    <Box
      component="a"
      href="#main"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 2000,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.dark',
        color: '#ffffff',
        fontWeight: BOLD,
        '&:focus': { top: 8 },
      }}
    >
      Skip to main content
    </Box>
  );
}
