import { pageJsonLd } from './jsonLd';
import { absoluteUrl, fullTitle, type PageMeta } from './meta';
import { escapeHtml, metaTags, serialiseJsonLd } from './metaTags';

/** The `<head>` fragment the prerender writes for one page. */
export function buildHeadHtml(meta: PageMeta, origin: string): string {
  return [
    `<title>${escapeHtml(fullTitle(meta.title))}</title>`,
    ...metaTags(meta, origin).map(
      (tag) => `<meta ${tag.key}="${tag.id}" content="${escapeHtml(tag.content)}" />`,
    ),
    `<link rel="canonical" href="${escapeHtml(absoluteUrl(origin, meta.path))}" />`,
    ...pageJsonLd(meta, origin).map(
      (data) => `<script type="application/ld+json">${serialiseJsonLd(data)}</script>`,
    ),
  ].join('\n    ');
}

/**
 * Brings the live document's head in line with the page after a client-side navigation,
 * so the tab title, canonical and share tags match what the prerendered file would say.
 */
export function applyHead(doc: Document, meta: PageMeta, origin: string): void {
  doc.title = fullTitle(meta.title);
  for (const tag of metaTags(meta, origin)) {
    let element = doc.head.querySelector<HTMLMetaElement>(`meta[${tag.key}="${tag.id}"]`);
    if (!element) {
      element = doc.createElement('meta');
      element.setAttribute(tag.key, tag.id);
      doc.head.appendChild(element);
    }
    element.content = tag.content;
  }
  let canonical = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = doc.createElement('link');
    canonical.rel = 'canonical';
    doc.head.appendChild(canonical);
  }
  canonical.href = absoluteUrl(origin, meta.path);
  // JSON-LD is a data block, never executed, so replacing it is not subject to script-src.
  doc.head
    .querySelectorAll('script[type="application/ld+json"]')
    .forEach((element) => element.remove());
  for (const data of pageJsonLd(meta, origin)) {
    const script = doc.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = serialiseJsonLd(data);
    doc.head.appendChild(script);
  }
}
