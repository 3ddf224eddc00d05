import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { normalisePath } from '@handcheck/site-paths';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { trackBrokenLink } from '../analytics/browserTracker';
import { ButtonLink } from '../components/ActionButton';
import MuiLink from '@mui/material/Link';
import { AppLink } from '../components/links';
import { PageHead } from '../seo/PageHead';
import { BOLD, TEXT_SIZE } from '../theme/typeScale';

const LINKS = [
  { to: '/hand-conditions', label: 'Hand Conditions' },
  { to: '/wrist-conditions', label: 'Wrist Conditions' },
  { to: '/elbow-conditions', label: 'Elbow Conditions' },
];

/** 404 for unknown routes and unknown condition slugs; records the broken link. */
export default function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    // A legacy path shows this page for an instant before its redirect: not a broken link.
    if (!normalisePath(pathname)) trackBrokenLink(pathname, document.referrer);
  }, [pathname]);

  return (
    <Box sx={{ maxWidth: 680, mx: 'auto', textAlign: 'center', py: { xs: 2, md: 6 } }}>
      <PageHead
        status={404}
        meta={{
          title: 'Page Not Found',
          description: "The page you're looking for doesn't exist or may have been moved.",
          path: pathname,
          noindex: true,
          breadcrumbs: [
            { name: 'Home', path: '/' },
            { name: 'Page Not Found', path: pathname },
          ],
        }}
      />
      <Typography
        sx={{ fontSize: '4rem', fontWeight: BOLD, color: 'primary.dark', lineHeight: 1 }}
        aria-hidden
      >
        404
      </Typography>
      <Typography component="h1" variant="h1" sx={{ my: 2 }}>
        Page Not Found
      </Typography>
      <Typography sx={{ mb: 4, fontSize: TEXT_SIZE.lead }}>
        The page you&apos;re looking for doesn&apos;t exist or may have been moved. Try one of these
        instead.
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap', mb: 3 }}>
        <ButtonLink to="/" variant="contained">
          Home
        </ButtonLink>
        <ButtonLink to="/symptom-checker" variant="outlined">
          Start Symptom Checker
        </ButtonLink>
      </Box>
      <Box
        component="ul"
        sx={{
          display: 'flex',
          gap: 3,
          justifyContent: 'center',
          flexWrap: 'wrap',
          listStyle: 'none',
          p: 0,
          mb: 3,
        }}
      >
        {LINKS.map((link) => (
          <li key={link.to}>
            <AppLink to={link.to}>{link.label}</AppLink>
          </li>
        ))}
      </Box>
      <Typography>
        Think something is missing?{' '}
        {/* A full load, so the browser scrolls to the address on the prerendered About page. */}
        <MuiLink href="/about#contact">Contact us</MuiLink>.
      </Typography>
    </Box>
  );
}
