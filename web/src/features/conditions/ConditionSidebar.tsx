import { Panel } from '../../components/Panel';
import Typography from '@mui/material/Typography';
import { isAllowedLink } from '../../content';
import { ButtonLink } from '../../components/ActionButton';
import { ResourceList } from '../../components/ResourceList';
import type { GuidePage } from './guideData';

/** 'Get Professional Assessment' and 'Learn More' cards beside a condition guide. */
export function ConditionSidebar({ resources }: { resources: GuidePage['resources'] }) {
  const groups = resources
    ? [
        { heading: 'Medical Resources', links: resources.medical },
        { heading: 'Specialist Resources', links: resources.specialist },
      ]
    : [];
  const hasLinks = groups.some((group) => group.links.some((link) => isAllowedLink(link.url)));
  return (
    <>
      <Panel sx={{ p: 3, mb: 3, bgcolor: '#eff6ff', borderColor: 'primary.light' }}>
        <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
          Get Professional Assessment
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Check your symptoms in about 3 minutes and see which conditions match them best.
        </Typography>
        <ButtonLink to="/" variant="contained" fullWidth>
          Start Free Assessment
        </ButtonLink>
      </Panel>
      {hasLinks && (
        <Panel sx={{ p: 3, mb: 3 }}>
          <Typography component="h2" variant="h3" sx={{ mb: 1.5 }}>
            Learn More
          </Typography>
          <ResourceList groups={groups} />
        </Panel>
      )}
    </>
  );
}
