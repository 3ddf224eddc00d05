import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Answers } from '@handcheck/diagnosis';
import { BRAND } from '../../seo/meta';
import { formatPrintDate, summariseAnswers } from './summariseAnswers';

/** Only on paper: the date and what the visitor answered, above the printed results. */
export function PrintSummary({ answers, date }: { answers: Answers; date: Date }) {
  return (
    <Box sx={{ display: 'none', displayPrint: 'block', mb: 2 }}>
      <Typography sx={{ fontWeight: 700 }}>
        {BRAND} symptom assessment · {formatPrintDate(date)}
      </Typography>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1rem', mt: 1 }}>
        Your answers
      </Typography>
      <Box component="dl" sx={{ m: 0, fontSize: '9pt', display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2 }}>
        {summariseAnswers(answers).map((line) => (
          <Box key={line.label} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600 }}>
              {line.label}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {line.value}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
