import { useRoutes, type RouteObject } from 'react-router-dom';
import { HydrationMarker } from './HydrationMarker';
import { Layout } from './Layout';
import { lazyPage } from './lazyPage';
import { NavigationEffects } from './NavigationEffects';
import { NotFoundPage } from './notFoundPage';

const HomePage = lazyPage('src/pages/HomePage.tsx', () => import('../pages/HomePage'));
const SymptomCheckerPage = lazyPage(
  'src/pages/SymptomCheckerPage.tsx',
  () => import('../pages/SymptomCheckerPage'),
);
const AboutPage = lazyPage('src/pages/AboutPage.tsx', () => import('../pages/AboutPage'));
const PrivacyPage = lazyPage('src/pages/PrivacyPage.tsx', () => import('../pages/PrivacyPage'));
const TermsPage = lazyPage('src/pages/TermsPage.tsx', () => import('../pages/TermsPage'));
const FaqPage = lazyPage('src/pages/FaqPage.tsx', () => import('../pages/FaqPage'));
const CategoryPage = lazyPage('src/pages/CategoryPage.tsx', () => import('../pages/CategoryPage'));
const ConditionPage = lazyPage(
  'src/pages/ConditionPage.tsx',
  () => import('../pages/ConditionPage'),
);
const AdminLoginPage = lazyPage(
  'src/pages/AdminLoginPage.tsx',
  () => import('../pages/AdminLoginPage'),
);
const AdminPage = lazyPage('src/pages/AdminPage.tsx', () => import('../pages/AdminPage'));

/*
 * The route table as data for useRoutes: the same matching as <Routes>/<Route>, without the
 * code that turns <Route> elements into this table on every render (about 0.5 KiB gzip).
 */
const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'symptom-checker', element: <SymptomCheckerPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'faq', element: <FaqPage /> },
      { path: 'hand-conditions', element: <CategoryPage category="hand" /> },
      { path: 'wrist-conditions', element: <CategoryPage category="wrist" /> },
      { path: 'elbow-conditions', element: <CategoryPage category="elbow" /> },
      { path: 'conditions/:slug', element: <ConditionPage /> },
      { path: 'admin/login', element: <AdminLoginPage /> },
      { path: 'admin', element: <AdminPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  const page = useRoutes(routes);
  return (
    <>
      <HydrationMarker />
      <NavigationEffects />
      {page}
    </>
  );
}
