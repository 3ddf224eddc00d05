import Box from '@mui/material/Box';
import { SITE } from '../content';
import { VerifiedIcon } from './checkerIcons';
import { BOLD, TEXT_SIZE } from '../theme/typeScale';

/** "Medically reviewed" badge; the label carries the review date from the content. */
export function MedicalBadge({ label = SITE.reviewedLabel }: { label?: string }) {
  return (
    <Box
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 0.75,
        borderRadius: 4,
        bgcolor: '#eff6ff',
        border: 1,
        borderColor: 'primary.light',
        color: 'primary.dark',
        fontSize: TEXT_SIZE.small,
        fontWeight: BOLD,
      }}
    >
      <VerifiedIcon aria-hidden fontSize="small" />
      <span>{label}</span>
    </Box>
  );
}
