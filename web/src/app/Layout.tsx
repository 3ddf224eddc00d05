import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import { PAGE_WIDTH } from '../theme/theme';
import { NoScriptNotice } from '../components/NoScriptNotice';
import { PageLoading } from '../components/PageLoading';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { SkipLink } from './SkipLink';

/** Header, main landmark and footer around every page. */
export function Layout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        '@media print': { minHeight: 0, display: 'block' },
      }}
    >
      <SkipLink />
      <SiteHeader />
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{
          ...PAGE_WIDTH,
          flex: 1,
          py: { xs: 3, md: 5 },
          outline: 'none',
          '@media print': { p: 0 },
        }}
      >
        {pathname.startsWith('/admin') && (
          <NoScriptNotice>
            The admin area needs JavaScript, which is turned off or blocked in this browser. Turn it
            on and reload the page to sign in.
          </NoScriptNotice>
        )}
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
    </Box>
  );
}
