import Box from '@mui/material/Box';
import type { Crumb } from '../seo/meta';
import { AppLink } from './links';

/** Visible trail; the same crumbs feed the page's BreadcrumbList structured data. */
export function SiteBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Box component="nav" aria-label="Breadcrumb" sx={{ mb: 2, displayPrint: 'none' }}>
      <Box
        component="ol"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          listStyle: 'none',
          m: 0,
          p: 0,
          color: 'text.secondary',
        }}
      >
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <Box
              component="li"
              key={crumb.path}
              sx={{ display: 'inline-flex', alignItems: 'center' }}
            >
              {last ? (
                <Box component="span" aria-current="page" sx={{ color: 'text.primary' }}>
                  {crumb.name}
                </Box>
              ) : (
                <>
                  <AppLink to={crumb.path}>{crumb.name}</AppLink>
                  <Box component="span" aria-hidden sx={{ mx: 1 }}>
                    /
                  </Box>
                </>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
