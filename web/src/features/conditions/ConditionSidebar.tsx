import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { isAllowedLink, resourcesFor } from '../../content';
import { ButtonLink } from '../../components/ActionButton';
import { ResourceList } from '../../components/ResourceList';

/** 'Get Professional Assessment' and 'Learn More' cards beside a condition guide. */
export function ConditionSidebar({ engineName }: { engineName?: string }) {
  const resources = engineName ? resourcesFor(engineName) : undefined;
  const groups = resources
    ? [
        { heading: 'Medical Resources', links: resources.medical },
        { heading: 'Specialist Resources', links: resources.specialist },
      ]
    : [];
  const hasLinks = groups.some((group) => group.links.some((link) => isAllowedLink(link.url)));
  return (
    <>
      <Paper
        variant="outlined"
        sx={{ p: 3, mb: 3, bgcolor: '#eff6ff', borderColor: 'primary.light' }}
      >
        <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
          Get Professional Assessment
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Check your symptoms in about 3 minutes and see which conditions match them best.
        </Typography>
        <ButtonLink to="/" variant="contained" fullWidth>
          Start Free Assessment
        </ButtonLink>
      </Paper>
      {hasLinks && (
        <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
          <Typography component="h2" variant="h3" sx={{ mb: 1.5 }}>
            Learn More
          </Typography>
          <ResourceList groups={groups} />
        </Paper>
      )}
    </>
  );
}
