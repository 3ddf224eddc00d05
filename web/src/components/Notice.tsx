import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { InfoIcon, WarningIcon } from './icons';
import { BOLD, TEXT_SIZE } from '../theme/typeScale';

const TONES = {
  warning: { background: '#fffbeb', border: '#d97706', text: '#78350f' },
  info: { background: '#eff6ff', border: '#3b82f6', text: '#1e3a8a' },
} as const;

/** A bordered note (disclaimers, educational-only notices); lighter than MUI's Alert. */
export function Notice({
  tone,
  title,
  children,
}: {
  tone: keyof typeof TONES;
  title?: string;
  children: ReactNode;
}) {
  const colours = TONES[tone];
  const Icon = tone === 'warning' ? WarningIcon : InfoIcon;
  return (
    <Box
      role="note"
      sx={{
        display: 'flex',
        gap: 1.5,
        my: 3,
        p: 2,
        '@media print': { my: 1, p: 1.25 },
        borderRadius: 2,
        border: 1,
        borderLeft: 6,
        borderColor: colours.border,
        bgcolor: colours.background,
        color: colours.text,
      }}
    >
      <Icon aria-hidden sx={{ mt: 0.25, color: colours.border }} />
      <Box>
        {title && (
          <Typography component="h2" sx={{ fontWeight: BOLD, fontSize: TEXT_SIZE.lead, mb: 0.5 }}>
            {title}
          </Typography>
        )}
        <Box sx={{ '& p': { m: 0, mb: 1 }, '& p:last-child': { mb: 0 } }}>{children}</Box>
      </Box>
    </Box>
  );
}
