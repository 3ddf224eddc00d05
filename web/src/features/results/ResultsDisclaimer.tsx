import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';

/** Medical disclaimer of the results screen with the urgent-care warnings. */
export function ResultsDisclaimer({ safetyNet }: { safetyNet: string }) {
  return (
    <Alert severity="warning" role="note" sx={{ my: 3 }}>
      <AlertTitle component="h2" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
        Important medical disclaimer
      </AlertTitle>
      <p style={{ marginTop: 0 }}>
        These results are for information only and are not a diagnosis. Only a qualified healthcare professional who
        examines you can diagnose your condition. This tool is intended for adults, not children.
      </p>
      <Box component="p" sx={{ fontWeight: 700 }}>
        {safetyNet}
      </Box>
      <Box component="ul" sx={{ mb: 0, pl: 3 }}>
        <li>
          Get urgent care (A&amp;E in the UK, the emergency room in the US) for a suspected broken bone, a wound that will
          not stop bleeding, a finger or hand that is cold, pale or blue, or sudden loss of movement.
        </li>
        <li>If your symptoms get worse quickly, or you are worried, contact a doctor today.</li>
      </Box>
    </Alert>
  );
}
