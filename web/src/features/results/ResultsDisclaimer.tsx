import Box from '@mui/material/Box';
import { Notice } from '../../components/Notice';
import { TEXT_SIZE } from '../../theme/typeScale';

/** Small print on paper, so the longest results with every warning still fit one page. */
const PRINT_SMALL = {
  '@media print': {
    fontSize: TEXT_SIZE.small,
    lineHeight: 1.35,
    '& h2': { fontSize: TEXT_SIZE.body },
  },
} as const;

/** Medical disclaimer of the results screen with the urgent-care warnings. */
export function ResultsDisclaimer({ safetyNet }: { safetyNet: string }) {
  return (
    <Box sx={PRINT_SMALL}>
      <Notice tone="warning" title="Important medical disclaimer">
        <p>
          These results are for information only and are not a diagnosis. Only a qualified
          healthcare professional who examines you can diagnose your condition. This tool is
          intended for adults, not children.
        </p>
        <p>
          <strong>{safetyNet}</strong>
        </p>
        <Box component="ul" sx={{ mb: 0, pl: 3 }}>
          <li>
            A possible broken bone that is not out of shape or severely painful needs an X-ray
            today: an urgent treatment centre or minor injuries unit (UK), or urgent care (US).
          </li>
          <li>If your symptoms get worse quickly, or you are worried, contact a doctor today.</li>
        </Box>
      </Notice>
    </Box>
  );
}
