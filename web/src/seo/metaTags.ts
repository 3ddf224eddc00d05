/*
 * What only the head builders (./head: the prerender, and the browser after client-side
 * navigation) need, apart from ./meta, which every page's first render uses.
 */
import { BRAND, absoluteUrl, fullTitle, type JsonLd, type PageMeta } from './meta';

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
