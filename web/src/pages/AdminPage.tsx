import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import { visuallyHiddenStyle } from '../components/VisuallyHidden';
import { PageLoading } from '../components/PageLoading';
import { PageHead } from '../seo/PageHead';

const PATH = '/admin';

/** Admin dashboard: while there is no session it goes to the sign-in page (spec §4). */
export default function AdminPage() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate('/admin/login', { replace: true });
  }, [navigate]);
  return (
    <>
      <PageHead
        meta={{
          title: 'Admin Dashboard',
          description: 'HandCheck administration.',
          path: PATH,
          noindex: true,
          breadcrumbs: [
            { name: 'Home', path: '/' },
            { name: 'Admin Dashboard', path: PATH },
          ],
        }}
      />
      <Box component="h1" sx={visuallyHiddenStyle}>
        Admin Dashboard
      </Box>
      <PageLoading />
    </>
  );
}
