import Box from '@mui/material/Box';
import { Panel } from './Panel';
import Typography from '@mui/material/Typography';
import { categories } from '../content';
import { cardGrid } from './FeatureCard';
import { AppLink } from './links';

/** Hand, wrist and elbow cards leading to the category lists. */
export function AreaCards() {
  return (
    <Box sx={cardGrid}>
      {categories.map((category) => (
        <Panel key={category.id} sx={{ p: 3, borderTop: 4, borderTopColor: 'primary.light' }}>
          <Typography component="h3" variant="h3" sx={{ mb: 1 }}>
            <AppLink to={category.path}>{category.title}</AppLink>
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{category.description}</Typography>
        </Panel>
      ))}
    </Box>
  );
}
