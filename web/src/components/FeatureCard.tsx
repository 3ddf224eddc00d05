import Box from '@mui/material/Box';
import { Panel } from './Panel';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Icon, title and one or two sentences; used for the feature blurbs of the landing pages. */
export function FeatureCard({
  icon,
  title,
  children,
  headingLevel = 'h3',
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <Panel sx={{ p: 3, height: '100%' }}>
      <Box
        sx={{
          display: 'inline-flex',
          p: 1.25,
          mb: 1.5,
          borderRadius: 2,
          bgcolor: '#eff6ff',
          color: 'primary.light',
        }}
        aria-hidden
      >
        {icon}
      </Box>
      <Typography component={headingLevel} variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>
    </Panel>
  );
}

export const cardGrid = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
} as const;
