import { AdminDashboard } from '../features/admin/AdminDashboard';
import { PageHead } from '../seo/PageHead';

const PATH = '/admin';

/** Admin dashboard (spec §2, §4); not indexed. */
export default function AdminPage() {
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
      <AdminDashboard />
    </>
  );
}
