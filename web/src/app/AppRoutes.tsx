import { Route, Routes } from 'react-router';
import { HydrationMarker } from './HydrationMarker';
import { Layout } from './Layout';
import { lazyPage } from './lazyPage';
import { NavigationEffects } from './NavigationEffects';

const HomePage = lazyPage('src/pages/HomePage.tsx', () => import('../pages/HomePage'));
const SymptomCheckerPage = lazyPage(
  'src/pages/SymptomCheckerPage.tsx',
  () => import('../pages/SymptomCheckerPage'),
);
const TextPage = lazyPage('src/pages/TextPage.tsx', () => import('../pages/TextPage'));
const FaqPage = lazyPage('src/pages/FaqPage.tsx', () => import('../pages/FaqPage'));
const CategoryPage = lazyPage('src/pages/CategoryPage.tsx', () => import('../pages/CategoryPage'));
const ConditionPage = lazyPage(
  'src/pages/ConditionPage.tsx',
  () => import('../pages/ConditionPage'),
);
const NotFoundPage = lazyPage('src/pages/NotFoundPage.tsx', () => import('../pages/NotFoundPage'));
const AdminLoginPage = lazyPage(
  'src/pages/AdminLoginPage.tsx',
  () => import('../pages/AdminLoginPage'),
);
const AdminPage = lazyPage('src/pages/AdminPage.tsx', () => import('../pages/AdminPage'));

export function AppRoutes() {
  return (
    <>
      <HydrationMarker />
      <NavigationEffects />
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="symptom-checker" element={<SymptomCheckerPage />} />
          <Route path="about" element={<TextPage page="about" />} />
          <Route path="privacy" element={<TextPage page="privacy" />} />
          <Route path="terms" element={<TextPage page="terms" />} />
          <Route path="faq" element={<FaqPage />} />
          <Route path="hand-conditions" element={<CategoryPage category="hand" />} />
          <Route path="wrist-conditions" element={<CategoryPage category="wrist" />} />
          <Route path="elbow-conditions" element={<CategoryPage category="elbow" />} />
          <Route path="conditions/:slug" element={<ConditionPage />} />
          <Route path="admin/login" element={<AdminLoginPage />} />
          <Route path="admin" element={<AdminPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}
