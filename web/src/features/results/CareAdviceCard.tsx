import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CareAdvice } from '@handcheck/diagnosis';
import { WarningIcon } from '../../components/icons';
import { BOLD, TEXT_SIZE } from '../../theme/typeScale';
import { CARE_TONES } from './careTones';

/**
 * The care card: emergency and urgent levels interrupt (role=alert) and come before the
 * results; the non-urgent card is informational.
 */
export function CareAdviceCard({ advice }: { advice: CareAdvice }) {
  const tone = CARE_TONES[advice.tone];
  const pressing = advice.level !== 'routine';
  return (
    <Box
      component="section"
      role={pressing ? 'alert' : undefined}
      aria-labelledby="care-advice-title"
      data-testid="care-advice"
      data-care-level={advice.level}
      sx={{
        my: 3,
        p: { xs: 2, md: 3 },
        // Small print on paper, so the longest results with every warning still fit one page.
        '@media print': {
          my: 1,
          p: 1.25,
          fontSize: TEXT_SIZE.small,
          lineHeight: 1.35,
          '& h2': { fontSize: TEXT_SIZE.body },
          '& p': { fontSize: 'inherit', lineHeight: 'inherit' },
        },
        bgcolor: tone.background,
        color: tone.text,
        borderLeft: 6,
        borderColor: tone.border,
        borderRadius: 2,
      }}
    >
      <Typography
        id="care-advice-title"
        component="h2"
        variant="h3"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, fontWeight: BOLD }}
      >
        {pressing && <WarningIcon aria-hidden />}
        {advice.title}
      </Typography>
      <Typography sx={{ fontWeight: BOLD, mb: advice.reasons.length > 0 ? 1 : 0 }}>
        {advice.action}
      </Typography>
      {advice.reasons.length > 0 && (
        <>
          <Typography sx={{ mt: 1, '@media print': { display: 'inline', mr: 0.5 } }}>
            Why we are suggesting this:
          </Typography>
          <Box
            component="ul"
            sx={{
              m: 0,
              pl: 3,
              // On paper the reasons run on as one paragraph, so the longest results still fit
              // one page with every reason kept.
              '@media print': {
                display: 'inline',
                p: 0,
                '& li': { display: 'inline', mr: 1 },
                '& li::before': { content: '"• "' },
              },
            }}
          >
            {advice.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
