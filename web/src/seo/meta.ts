export const BRAND = 'HandCheck';
export const THEME_COLOR = '#3b82f6';
export const DEFAULT_ORIGIN = 'http://localhost:8080';

export type JsonLd = Record<string, unknown>;

export interface Crumb {
  name: string;
  path: string;
}

export interface Faq {
  question: string;
  answer: string;
}

/** What a condition page adds to its structured data (MedicalWebPage about a MedicalCondition). */
export interface MedicalInfo {
  name: string;
  /** ISO date of a clinical review that covers the current text; absent while none does. */
  lastReviewed?: string;
  /** ISO date the text last changed, given while no review covers it. */
  lastUpdated?: string;
  symptoms: string[];
  treatments: string[];
}

export interface PageMeta {
  /** Page name without the brand suffix. */
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/about'. */
  path: string;
  noindex?: boolean;
  ogType?: 'website' | 'article';
  /** Trail from Home to this page; every page emits a BreadcrumbList. */
  breadcrumbs: Crumb[];
  /** FAQs visible on the page, emitted as FAQPage. */
  faqs?: Faq[];
  medical?: MedicalInfo;
}

export function fullTitle(title: string): string {
  return title === BRAND ? BRAND : `${title} | ${BRAND}`;
}

export function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, '');
}

export function absoluteUrl(origin: string, path: string): string {
  return `${trimOrigin(origin)}${path.startsWith('/') ? path : `/${path}`}`;
}
