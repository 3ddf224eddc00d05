import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { relatedConditions } from '../../content';
import type { CategoryInfo } from '../../content/types';
import { AppLink } from '../../components/links';
import { VisuallyHidden } from '../../components/VisuallyHidden';

/** Up to three other conditions of the same category, then a link to the whole list. */
export function RelatedConditions({ slug, category }: { slug: string; category: CategoryInfo }) {
  const related = relatedConditions(slug, 3);
  return (
    <Box component="section" aria-labelledby="related-heading" sx={{ my: 5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 2 }}>
        <Typography id="related-heading" component="h2" variant="h2">
          Related Conditions
        </Typography>
        <AppLink to={category.path} sx={{ fontWeight: 600 }}>
          View All<VisuallyHidden> {category.title}</VisuallyHidden>
        </AppLink>
      </Box>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      >
        {related.map((condition) => (
          <Paper key={condition.slug} variant="outlined" sx={{ p: 2.5 }}>
            <Typography component="h3" variant="h3" sx={{ mb: 0.5 }}>
              <AppLink to={`/conditions/${condition.slug}`}>{condition.name}</AppLink>
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{condition.symptoms[0]}</Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
