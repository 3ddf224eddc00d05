import Box from '@mui/material/Box';
import { Panel } from '../../components/Panel';
import Typography from '@mui/material/Typography';
import type { GuidePage, RelatedGuide } from './guideData';
import { AppLink } from '../../components/links';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { BOLD } from '../../theme/typeScale';

/** Other conditions of the same category (up to three), then a link to the whole list. */
export function RelatedConditions({
  related,
  category,
}: {
  related: readonly RelatedGuide[];
  category: GuidePage['category'];
}) {
  return (
    <Box component="section" aria-labelledby="related-heading" sx={{ my: 5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 2 }}>
        <Typography id="related-heading" component="h2" variant="h2">
          Related Conditions
        </Typography>
        <AppLink to={category.path} sx={{ fontWeight: BOLD }}>
          View All<VisuallyHidden> {category.title}</VisuallyHidden>
        </AppLink>
      </Box>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      >
        {related.map((condition) => (
          <Panel key={condition.slug} sx={{ p: 2.5 }}>
            <Typography component="h3" variant="h3" sx={{ mb: 0.5 }}>
              <AppLink to={`/conditions/${condition.slug}`}>{condition.name}</AppLink>
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{condition.symptom}</Typography>
          </Panel>
        ))}
      </Box>
    </Box>
  );
}
