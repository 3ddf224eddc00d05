import { categories } from './categories';
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
    description:
      'Start a free 3-minute hand, wrist and elbow symptom assessment. No registration, completely confidential, reviewed by hand surgery specialists.',
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

/*
 * Teasers on the /symptom-checker landing page. The spec names them by short slugs
 * ('arthritis', 'tennis-elbow', ...); they point straight at the canonical pages so that no
 * link needs a redirect.
 */
export const LANDING_TEASERS: readonly { label: string; path: string }[] = [
  { label: 'Carpal Tunnel Syndrome', path: '/conditions/carpal-tunnel-syndrome' },
  { label: 'Trigger Finger', path: '/conditions/trigger-finger' },
  { label: "Dupuytren's Contracture", path: '/conditions/dupuytrens-contracture' },
  { label: 'Arthritis', path: '/conditions/hand-wrist-arthritis' },
  { label: "De Quervain's Tenosynovitis", path: '/conditions/de-quervains-tenosynovitis' },
  { label: 'Tennis Elbow', path: '/conditions/tennis-elbow-lateral-epicondylitis' },
  { label: "Golfer's Elbow", path: '/conditions/golfers-elbow-medial-epicondylitis' },
  { label: 'Ganglion Cyst', path: '/conditions/ganglion-cyst' },
];
