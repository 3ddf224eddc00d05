import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { categories } from '../content';
import { AppLink } from './links';

/** "Browse all conditions" by area, plus FAQ and About. */
export function BrowseLinks() {
  return (
    <Box component="nav" aria-labelledby="browse-heading" sx={{ my: 4 }}>
      <Typography id="browse-heading" component="h2" variant="h3" sx={{ mb: 1 }}>
        Browse all conditions
      </Typography>
      <Box
        component="ul"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, listStyle: 'none', m: 0, p: 0 }}
      >
        {categories.map((category) => (
          <li key={category.id}>
            <AppLink to={category.path}>{category.title}</AppLink>
          </li>
        ))}
        <li>
          <AppLink to="/faq">Frequently asked questions</AppLink>
        </li>
        <li>
          <AppLink to="/about">About HandCheck</AppLink>
        </li>
      </Box>
    </Box>
  );
}
