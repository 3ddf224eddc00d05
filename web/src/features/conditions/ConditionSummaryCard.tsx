import Box from '@mui/material/Box';
import { Panel } from '../../components/Panel';
import Typography from '@mui/material/Typography';
import type { GuideSummary } from './guideData';
import { AppLink } from '../../components/links';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { BOLD, TEXT_SIZE } from '../../theme/typeScale';

/** A condition in a category list: name, short description, first three symptoms, Learn More. */
export function ConditionSummaryCard({ condition }: { condition: GuideSummary }) {
  const href = `/conditions/${condition.slug}`;
  return (
    <Panel
      component="article"
      aria-labelledby={`condition-${condition.slug}`}
      sx={{ p: 3, display: 'flex', flexDirection: 'column' }}
    >
      <Typography id={`condition-${condition.slug}`} component="h2" variant="h3" sx={{ mb: 1 }}>
        {condition.name}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{condition.metaDescription}</Typography>
      <Typography component="h3" sx={{ fontWeight: BOLD, fontSize: TEXT_SIZE.body }}>
        Key symptoms
      </Typography>
      <Box component="ul" sx={{ mt: 0.5, mb: 2, pl: 3 }}>
        {condition.keySymptoms.map((symptom) => (
          <li key={symptom}>{symptom}</li>
        ))}
      </Box>
      <Box sx={{ mt: 'auto' }}>
        <AppLink to={href} sx={{ fontWeight: BOLD }}>
          Learn More<VisuallyHidden> about {condition.name}</VisuallyHidden>
        </AppLink>
      </Box>
    </Panel>
  );
}
