import Box from '@mui/material/Box';
import { PAGE_WIDTH } from '../theme/theme';
import Typography from '@mui/material/Typography';
import { BRAND } from '../seo/meta';
import { AppLink } from '../components/links';

const FOOTER_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Use' },
];

export function SiteFooter() {
  return (
    <Box
      component="footer"
      sx={{ mt: 6, py: 4, bgcolor: '#0f172a', color: '#e2e8f0', displayPrint: 'none' }}
    >
      <Box sx={PAGE_WIDTH}>
        <Box component="nav" aria-label="Footer">
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, listStyle: 'none', m: 0, p: 0 }}
          >
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <AppLink to={link.to} sx={{ color: '#ffffff' }}>
                  {link.label}
                </AppLink>
              </li>
            ))}
          </Box>
        </Box>
        <Typography sx={{ mt: 2, color: '#cbd5e1' }}>
          {BRAND} provides general information for adults and is not a substitute for professional
          medical advice. In an emergency, call 911 (999 in the UK).
        </Typography>
      </Box>
    </Box>
  );
}
