import { useId } from 'react';
import Box from '@mui/material/Box';
import { Panel } from '../../components/Panel';
import Typography from '@mui/material/Typography';
import { todayLabel } from './format';
import { BOLD } from '../../theme/typeScale';

/** Spec §2: the fixed overview, with today's date and the signed-in email. */
export function SystemOverviewCard({ email }: { email: string }) {
  const headingId = useId();
  const rows: Array<[string, string]> = [
    ['System Status', 'Active'],
    ['Report Schedule', 'Weekly'],
    ['Last Login', todayLabel()],
    ['Access Level', 'Administrator'],
    ['Report Email', email],
  ];
  return (
    <Panel component="section" aria-labelledby={headingId} sx={{ p: 3 }}>
      <Typography id={headingId} component="h2" variant="h5" sx={{ mb: 2 }}>
        System Overview
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1, m: 0 }}
      >
        {rows.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {term}
            </Box>
            <Box component="dd" sx={{ m: 0, fontWeight: BOLD, overflowWrap: 'anywhere' }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
    </Panel>
  );
}
