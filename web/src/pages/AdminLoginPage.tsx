import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoginForm } from '../features/admin/LoginForm';
import { PageHead } from '../seo/PageHead';

const PATH = '/admin/login';

/** Administrator sign-in (spec §2, §4); not indexed. */
export default function AdminLoginPage() {
  return (
    <Box sx={{ maxWidth: 480, mx: 'auto', py: 4 }}>
      <PageHead
        meta={{
          title: 'Admin Sign In',
          description: 'Sign-in for HandCheck administrators.',
          path: PATH,
          noindex: true,
          breadcrumbs: [
            { name: 'Home', path: '/' },
            { name: 'Admin sign-in', path: PATH },
          ],
        }}
      />
      <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
        Admin sign-in
      </Typography>
      <Typography>This area is for HandCheck administrators only.</Typography>
      <LoginForm />
    </Box>
  );
}
