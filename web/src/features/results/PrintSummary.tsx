import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Answers, EmergencySignId } from '@handcheck/diagnosis';
import { BRAND } from '../../seo/meta';
import { HandDiagram } from '../questionnaire/hand-diagram/HandDiagram';
import { formatPrintDate, summariseAnswers, summariseEmergencyCheck } from './summariseAnswers';
import { BOLD, TEXT_SIZE } from '../../theme/typeScale';

/**
 * Only on paper: the date and what the visitor answered, the emergency check first, above the
 * printed results.
 */
export function PrintSummary({
  answers,
  emergencySigns,
  emergencyUnsure,
  date,
}: {
  answers: Answers;
  emergencySigns: readonly EmergencySignId[] | null;
  emergencyUnsure: readonly EmergencySignId[];
  date: Date;
}) {
  const lines = summariseAnswers(answers);
  const emergency = summariseEmergencyCheck(emergencySigns, emergencyUnsure);
  const freeText = lines.find((line) => line.label === 'Additional information');
  return (
    // Dense small print, so that the longest possible results still fit one A4 page.
    <Box
      sx={{
        display: 'none',
        displayPrint: 'block',
        mb: 1.5,
        fontSize: TEXT_SIZE.small,
        lineHeight: 1.35,
      }}
    >
      <Typography sx={{ fontWeight: BOLD }}>
        {BRAND} symptom assessment · {formatPrintDate(date)}
      </Typography>
      <Typography component="h2" sx={{ fontWeight: BOLD, fontSize: TEXT_SIZE.body, mt: 0.5 }}>
        Your answers
      </Typography>
      {/* Across the page: a chosen sign is the line that matters most to whoever reads it. */}
      <Typography
        data-testid="print-emergency-check"
        sx={{ fontSize: 'inherit', lineHeight: 'inherit', mb: 0.25 }}
      >
        <strong>{emergency.label}:</strong> {emergency.value}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box
          component="ul"
          sx={{ flex: 1, columns: 2, columnGap: 3, listStyle: 'none', m: 0, p: 0 }}
        >
          {lines
            .filter((line) => line !== freeText)
            .map((line) => (
              <Box component="li" key={line.label} sx={{ breakInside: 'avoid', mb: 0.25 }}>
                <strong>{line.label}</strong> {line.value}
              </Box>
            ))}
        </Box>
        {/* The chosen pain locations marked on the same drawing as step 1 (static). */}
        <Box sx={{ flex: '0 0 auto', width: 64 }}>
          <HandDiagram chosen={answers.painLocation} maxWidth={64} />
        </Box>
      </Box>
      {freeText && (
        <Typography
          sx={{ fontSize: 'inherit', lineHeight: 'inherit', mt: 0.5, overflowWrap: 'anywhere' }}
        >
          <strong>{freeText.label}:</strong> {freeText.value}
        </Typography>
      )}
    </Box>
  );
}
