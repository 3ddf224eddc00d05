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
  lastReviewed: string;
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

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` are escaped
 * as unicode so no text can close the element early; the JSON value is unchanged.
 */
export function serialiseJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface MetaTag {
  /** 'name' for standard and Twitter tags, 'property' for Open Graph. */
  key: 'name' | 'property';
  id: string;
  content: string;
}

/** Every meta tag a page carries, in document order. */
export function metaTags(meta: PageMeta, origin: string): MetaTag[] {
  const title = fullTitle(meta.title);
  const url = absoluteUrl(origin, meta.path);
  const tags: MetaTag[] = [
    { key: 'name', id: 'description', content: meta.description },
    { key: 'name', id: 'robots', content: meta.noindex ? 'noindex, nofollow' : 'index, follow' },
    { key: 'property', id: 'og:type', content: meta.ogType ?? 'website' },
    { key: 'property', id: 'og:site_name', content: BRAND },
    { key: 'property', id: 'og:title', content: title },
    { key: 'property', id: 'og:description', content: meta.description },
    { key: 'property', id: 'og:url', content: url },
    { key: 'property', id: 'og:locale', content: 'en_GB' },
    { key: 'name', id: 'twitter:card', content: 'summary' },
    { key: 'name', id: 'twitter:title', content: title },
    { key: 'name', id: 'twitter:description', content: meta.description },
  ];
  return tags;
}
