import Breadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import type { Crumb } from '../seo/meta';
import { AppLink } from './links';

/** Visible trail; the same crumbs feed the page's BreadcrumbList structured data. */
export function SiteBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2, displayPrint: 'none' }}>
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Typography key={crumb.path} aria-current="page" color="text.primary">
            {crumb.name}
          </Typography>
        ) : (
          <AppLink key={crumb.path} to={crumb.path} color="primary">
            {crumb.name}
          </AppLink>
        ),
      )}
    </Breadcrumbs>
  );
}
