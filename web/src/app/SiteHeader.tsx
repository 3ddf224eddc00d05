import Box from '@mui/material/Box';
import { useLocation } from 'react-router-dom';
import { PAGE_WIDTH } from '../theme/theme';
import { BRAND } from '../seo/meta';
import { AppLink } from '../components/links';
import { VisuallyHidden } from '../components/VisuallyHidden';
import { BOLD, TEXT_SIZE } from '../theme/typeScale';

const NAV_LINKS = [
  { to: '/symptom-checker', label: 'Symptom Checker' },
  { to: '/faq', label: 'FAQ' },
  { to: '/about', label: 'About' },
] as const;

export function SiteHeader() {
  const { pathname } = useLocation();
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
          // On a phone the links do not fit beside the name: they move to a row of their own
          // rather than break "Symptom Checker" over two lines.
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          columnGap: 2,
          rowGap: 1,
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
            fontWeight: BOLD,
            fontSize: TEXT_SIZE.lead,
            color: 'text.primary',
          }}
        >
          {/* Drawn inline (the favicon's drawing): an <img> would be one more request before the first paint. */}
          <svg aria-hidden="true" focusable="false" viewBox="0 0 64 64" width={32} height={32}>
            <rect width="64" height="64" rx="14" fill="#3b82f6" />
            <path d="M18 16h7v13h14V16h7v32h-7V35H25v13h-7z" fill="#fff" />
          </svg>
          {BRAND}
          <VisuallyHidden> home</VisuallyHidden>
        </AppLink>
        <Box component="nav" aria-label="Main">
          <Box
            component="ul"
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: 'flex-end',
              columnGap: { xs: 2, sm: 3 },
              rowGap: 0.5,
              listStyle: 'none',
              m: 0,
              p: 0,
              whiteSpace: 'nowrap',
            }}
          >
            {NAV_LINKS.map(({ to, label }) => (
              <li key={to}>
                <AppLink
                  to={to}
                  aria-current={pathname === to ? 'page' : undefined}
                  sx={{
                    fontWeight: BOLD,
                    // Where you are: in the text colour, with a thicker underline (not colour alone).
                    '&[aria-current="page"]': { color: 'text.primary', textDecorationThickness: 3 },
                  }}
                >
                  {label}
                </AppLink>
              </li>
            ))}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
