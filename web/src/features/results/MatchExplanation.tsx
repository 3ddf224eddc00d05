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
        // On paper too, where a "Low priority" would otherwise read as "not urgent"; small,
        // so the longest results still fit one page.
        '@media print': { mb: 1, p: 0.75, fontSize: TEXT_SIZE.small, lineHeight: 1.3 },
      }}
    >
      <Typography
        id="match-explanation-title"
        component="h2"
        sx={{
          fontWeight: BOLD,
          fontSize: TEXT_SIZE.body,
          mb: 0.5,
          '@media print': { fontSize: 'inherit', display: 'inline', mr: 1 },
        }}
      >
        What the percentage and priority mean
      </Typography>
      <Typography
        sx={{ '@media print': { fontSize: 'inherit', lineHeight: 'inherit', display: 'inline' } }}
      >
        <Box component="span" sx={{ displayPrint: 'none' }}>
          They show how closely your answers match each condition, not how serious the condition is
          or how likely you are to have it. A &lsquo;High priority&rsquo; condition is a close match
          to your answers, not an emergency, and a &lsquo;Low priority&rsquo; one may still need
          urgent care. For how soon to get help, follow the advice on when to seek care.
        </Box>
        {/* The same in brief on paper, so the longest results still fit one page. */}
        <Box component="span" sx={{ display: 'none', displayPrint: 'inline' }}>
          How closely your answers match each condition, not how serious it is or how likely you are
          to have it: a &lsquo;Low priority&rsquo; one may still need urgent care. For how soon to
          get help, follow the care advice.
        </Box>
      </Typography>
    </Box>
  );
}
