import { useEffect } from 'react';
import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import { Panel } from '../../components/Panel';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { OpenInNewIcon } from '../../components/icons';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { DIRECTORY_COPY } from '../../content/directory';
import { useActiveSpecialistsQuery } from './directoryApi';
import { groupByLocation } from './groupByLocation';
import { BOLD } from '../../theme/typeScale';

const PLACEHOLDER_ROWS = 3;

/**
 * The specialist directory on the results screen (spec sections 2, 4 and 8): placeholder
 * blocks while loading, then the active specialists grouped by location. On an error, or
 * with no active specialist, nothing is shown; an error is only logged.
 */
export function SpecialistDirectory() {
  const { data, isLoading, isError } = useActiveSpecialistsQuery();

  useEffect(() => {
    if (isError) console.error(DIRECTORY_COPY.loadFailure);
  }, [isError]);

  if (isLoading) {
    return (
      <Box data-testid="directory-loading" aria-hidden sx={{ my: 3, displayPrint: 'none' }}>
        <Skeleton variant="text" width="40%" height={40} />
        {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={72} sx={{ mt: 1.5 }} />
        ))}
      </Box>
    );
  }
  const groups = isError || !data ? [] : groupByLocation(data.specialists);
  if (groups.length === 0) return null;

  return (
    <Panel
      component="section"
      aria-labelledby="directory-title"
      data-testid="specialist-directory"
      sx={{ p: 3, my: 3, displayPrint: 'none' }}
    >
      <Typography id="directory-title" component="h2" variant="h2" sx={{ mb: 1 }}>
        {DIRECTORY_COPY.heading}
      </Typography>
      <Typography sx={{ mb: 2 }}>{DIRECTORY_COPY.intro}</Typography>
      {groups.map((group) => (
        <Box key={group.location} data-testid="directory-location" sx={{ mt: 2 }}>
          <Typography component="h3" variant="h3" sx={{ mb: 1 }}>
            {group.location}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {group.specialists.map((specialist) => (
              <Box
                component="li"
                key={specialist.id}
                data-testid="directory-specialist"
                sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
              >
                <Typography sx={{ fontWeight: BOLD }}>{specialist.name}</Typography>
                {specialist.specialty_note && (
                  <Typography sx={{ color: 'text.secondary' }}>
                    {specialist.specialty_note}
                  </Typography>
                )}
                <Typography>{specialist.clinic}</Typography>
                {specialist.safeUrl && (
                  <MuiLink href={specialist.safeUrl} target="_blank" rel="noopener noreferrer">
                    {DIRECTORY_COPY.visitSite}
                    <VisuallyHidden>
                      {` for ${specialist.name}, ${specialist.clinic} (opens in a new tab)`}
                    </VisuallyHidden>
                    <OpenInNewIcon
                      aria-hidden
                      sx={{ fontSize: '0.9em', ml: 0.5, verticalAlign: 'middle' }}
                    />
                  </MuiLink>
                )}
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Panel>
  );
}
