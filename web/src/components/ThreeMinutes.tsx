import Box from '@mui/material/Box';
import { ScheduleIcon } from './checkerIcons';
import { BOLD, TEXT_SIZE } from '../theme/typeScale';

/** The "3 min" marker shown inside the start buttons. */
export function ThreeMinutes() {
  return (
    <>
      {' '}
      <Box
        component="span"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          ml: 1.5,
          px: 1,
          py: 0.25,
          borderRadius: 999,
          bgcolor: 'primary.dark',
          fontSize: TEXT_SIZE.small,
          fontWeight: BOLD,
          whiteSpace: 'nowrap',
        }}
      >
        <ScheduleIcon aria-hidden sx={{ fontSize: '1rem' }} />3 min
      </Box>
    </>
  );
}
