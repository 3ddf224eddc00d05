import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export const visuallyHiddenStyle = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  width: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;

/** Text for screen readers only (e.g. "(opens in a new tab)"). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={visuallyHiddenStyle}>
      {children}
    </Box>
  );
}
