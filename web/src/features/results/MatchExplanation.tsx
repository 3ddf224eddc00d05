import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BOLD, TEXT_SIZE } from '../../theme/typeScale';

/**
 * Said next to the cards: the percentage and the priority describe how closely the answers
 * match a condition, not how serious it is (the spec's labels and colours stay as they are).
 */
export function MatchExplanation() {
  return (
    <Box
      component="aside"
      aria-labelledby="match-explanation-title"
      data-testid="match-explanation"
      sx={{
        mb: 2,
        p: 2,
        borderLeft: 4,
        borderColor: 'primary.main',
        bgcolor: '#eff6ff',
        borderRadius: 1,
        // On paper the results' opening line says the same in brief, and the page must stay one.
        displayPrint: 'none',
      }}
    >
      <Typography
        id="match-explanation-title"
        component="h2"
        sx={{ fontWeight: BOLD, fontSize: TEXT_SIZE.body, mb: 0.5 }}
      >
        What the percentage and priority mean
      </Typography>
      <Typography>
        They show how closely your answers match each condition, not how serious the condition is or
        how likely you are to have it. A &lsquo;High priority&rsquo; condition is a close match to
        your answers, not an emergency. For how soon to get help, follow the advice on when to seek
        care.
      </Typography>
    </Box>
  );
}
