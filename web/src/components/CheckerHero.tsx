import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { StartAssessmentButton } from '../features/questionnaire/StartAssessmentButton';
import { MedicalBadge } from './MedicalBadge';
import { TEXT_SIZE } from '../theme/typeScale';
import { LANDING_HEADING_ID } from '../features/questionnaire/checkerView';

/** Badge, heading, lead text and the start button of a landing view. */
export function CheckerHero({
  title,
  lead,
  startLabel,
  badge,
}: {
  title: string;
  lead: ReactNode;
  startLabel: string;
  badge?: string;
}) {
  return (
    <Box
      component="section"
      aria-labelledby={LANDING_HEADING_ID}
      sx={{ textAlign: 'center', py: { xs: 2, md: 5 }, maxWidth: 820, mx: 'auto' }}
    >
      <MedicalBadge label={badge} />
      <Typography
        id={LANDING_HEADING_ID}
        tabIndex={-1}
        component="h1"
        variant="h1"
        sx={{ mt: 3, mb: 2, fontSize: { xs: '2rem', md: '2.75rem' }, outline: 'none' }}
      >
        {title}
      </Typography>
      <Typography sx={{ fontSize: TEXT_SIZE.lead, color: 'text.secondary', mb: 4 }}>
        {lead}
      </Typography>
      <StartAssessmentButton label={startLabel} />
      <Typography sx={{ mt: 2, color: 'text.secondary' }}>
        No registration required • Completely confidential
      </Typography>
    </Box>
  );
}
