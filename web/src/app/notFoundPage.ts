import { lazyPage } from './lazyPage';

/**
 * The 404 page, loaded on demand, for an unknown address and an unknown guide alike: one
 * definition, so the guide page uses the routes' loader rather than carrying one of its own.
 */
export const NotFoundPage = lazyPage(
  'src/pages/NotFoundPage.tsx',
  () => import('../pages/NotFoundPage'),
);
