import Box from '@mui/material/Box';
import { PAGE_WIDTH } from '../theme/theme';
import { BRAND } from '../seo/meta';
import { AppLink } from '../components/links';
import { VisuallyHidden } from '../components/VisuallyHidden';

export function SiteHeader() {
  return (
    <Box
      component="header"
      sx={{
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        displayPrint: 'none',
      }}
    >
      <Box
        sx={{
          ...PAGE_WIDTH,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          py: 1.5,
        }}
      >
        <AppLink
          to="/"
          underline="none"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 1,
            fontWeight: 800,
            fontSize: '1.25rem',
            color: 'text.primary',
          }}
        >
          <Box component="img" src="/favicon.svg" alt="" width={32} height={32} />
          {BRAND}
          <VisuallyHidden> home</VisuallyHidden>
        </AppLink>
        <Box component="nav" aria-label="Main">
          <Box component="ul" sx={{ display: 'flex', gap: 3, listStyle: 'none', m: 0, p: 0 }}>
            <li>
              <AppLink to="/faq" sx={{ fontWeight: 600 }}>
                FAQ
              </AppLink>
            </li>
            <li>
              <AppLink to="/about" sx={{ fontWeight: 600 }}>
                About
              </AppLink>
            </li>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
