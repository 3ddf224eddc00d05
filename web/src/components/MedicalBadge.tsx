import Box from '@mui/material/Box';
import { REVIEW_STATUS } from '../content/clinicalReview';
import { VerifiedUserIcon } from './checkerIcons';
import { BOLD, TEXT_SIZE } from '../theme/typeScale';

/**
 * The review badge: the spec's review wording and date, with a tick, only while a recorded
 * review covers the current clinical text; else "… Clinical review pending" without the tick
 * (content/clinicalReview.ts decides and words it).
 */
export function MedicalBadge({ label = REVIEW_STATUS.label }: { label?: string }) {
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
      {REVIEW_STATUS.reviewed && <VerifiedUserIcon aria-hidden fontSize="small" />}
      <span>{label}</span>
    </Box>
  );
}
