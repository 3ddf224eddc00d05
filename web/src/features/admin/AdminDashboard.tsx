import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ActionButton } from '../../components/ActionButton';
import { PageLoading } from '../../components/PageLoading';
import { visuallyHiddenStyle } from '../../components/VisuallyHidden';
import { useAppDispatch } from '../../app/hooks';
import { useLogoutMutation } from './adminApi';
import { ended } from './adminAuthSlice';
import { useAdminSession } from './session';
import { FailedReferralsCard } from './FailedReferralsCard';
import { SystemOverviewCard } from './SystemOverviewCard';
import { WeeklyReportTestCard } from './WeeklyReportTestCard';

// The charts load after the dashboard itself, in a chunk of their own.
const DashboardCharts = lazy(() => import('./charts/DashboardCharts'));

/**
 * Spec §2/§4: 'Loading...' while the session is checked; no session (or one lost later)
 * goes to the sign-in page; Sign Out ends the session and goes home.
 */
export function AdminDashboard() {
  const auth = useAdminSession();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [logout, { isLoading: signingOut }] = useLogoutMutation();

  useEffect(() => {
    if (auth.status === 'signedOut') navigate('/admin/login', { replace: true });
  }, [auth.status, navigate]);

  async function signOut() {
    // The cookie is cleared even if the call fails; the token in memory goes either way.
    await logout();
    dispatch(ended());
    navigate('/');
  }

  if (auth.status !== 'signedIn' || !auth.email) {
    return (
      <>
        <Box component="h1" sx={visuallyHiddenStyle}>
          Admin Dashboard
        </Box>
        <PageLoading />
      </>
    );
  }

  return (
    <Box sx={{ py: 4 }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 4,
        }}
      >
        <div>
          <Typography component="h1" variant="h1">
            Admin Dashboard
          </Typography>
          <Typography sx={{ mt: 1 }}>
            Welcome back, <strong>{auth.email}</strong>
          </Typography>
        </div>
        <ActionButton variant="outlined" onClick={() => void signOut()} disabled={signingOut}>
          Sign Out
        </ActionButton>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <WeeklyReportTestCard />
        <SystemOverviewCard email={auth.email} />
        <FailedReferralsCard />
      </Box>
      <Suspense
        fallback={
          <Typography role="status" sx={{ mt: 4 }}>
            Loading charts...
          </Typography>
        }
      >
        <DashboardCharts />
      </Suspense>
    </Box>
  );
}
