import { categories } from './categories';
import { CHECKER_DESCRIPTION } from './clinicalReview';
import { conditions } from './conditions';
import { aboutPage } from './pages/about';
import { privacyPage } from './pages/privacy';
import { termsPage } from './pages/terms';

// The URL rules live in one package the gateway (301) and the browser (replace) share.
export { LEGACY_REDIRECTS, normalisePath } from '@handcheck/site-paths';

export interface PublicRoute {
  path: string;
  /** Page title without the brand suffix. */
  title: string;
  /** Meta description for the page. */
  description: string;
}

/** Every public, indexable page: used for prerendering and sitemap.xml. */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  {
    path: '/',
    title: 'Hand, Wrist and Elbow Symptom Checker',
    description:
      'Free, anonymous hand, wrist and elbow symptom checker. Answer six short steps in about 3 minutes and see which common conditions match your symptoms.',
  },
  {
    path: '/symptom-checker',
    title: 'Free Hand Symptom Assessment',
    description: CHECKER_DESCRIPTION,
  },
  { path: '/about', title: aboutPage.title, description: aboutPage.metaDescription },
  { path: '/privacy', title: privacyPage.title, description: privacyPage.metaDescription },
  { path: '/terms', title: termsPage.title, description: termsPage.metaDescription },
  {
    path: '/faq',
    title: 'Frequently Asked Questions',
    description:
      'Answers to common questions about HandCheck: how the symptom checker works, what results mean, privacy, referrals and when to get urgent help.',
  },
  ...categories.map((category) => ({
    path: category.path,
    title: category.title,
    description: category.metaDescription,
  })),
  ...conditions.map((condition) => ({
    path: `/conditions/${condition.slug}`,
    title: condition.metaTitle,
    description: condition.metaDescription,
  })),
];

// The /symptom-checker landing page imports the teasers from their own module, so its initial
// JS does not carry every page's content through PUBLIC_ROUTES; re-exported for older imports.
export { LANDING_TEASERS } from './teasers';
