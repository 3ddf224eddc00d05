import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Where the specialist referral request and the specialist directory will live. */
export function ReferralSection() {
  return (
    <Paper
      component="section"
      aria-labelledby="referral-title"
      variant="outlined"
      sx={{ p: 3, my: 3, displayPrint: 'none' }}
    >
      <Typography id="referral-title" component="h2" variant="h2" sx={{ mb: 1 }}>
        Specialist Referral
      </Typography>
      <Typography>
        Requesting a referral to a hand surgery specialist with your results, and browsing our
        directory of specialists, are coming to HandCheck soon. Until then, your GP or doctor can
        refer you.
      </Typography>
    </Paper>
  );
}
