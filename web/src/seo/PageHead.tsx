import { createContext, useContext, useEffect } from 'react';
import { absoluteUrl, fullTitle, type PageMeta } from './meta';

/** Filled during a server render so the prerender can write the head and status of the page. */
export interface HeadCollector {
  meta?: PageMeta;
  status: number;
}

interface HeadContextValue {
  origin: string;
  collector?: HeadCollector;
}

export const HeadContext = createContext<HeadContextValue>({ origin: '' });

export function usePageOrigin(): string {
  return useContext(HeadContext).origin;
}

/** Declares the page's title, description, canonical path and structured data. */
export function PageHead({ meta, status = 200 }: { meta: PageMeta; status?: number }) {
  const { origin, collector } = useContext(HeadContext);
  if (collector) {
    collector.meta = meta;
    collector.status = status;
  }
  const key = JSON.stringify(meta);
  useEffect(() => {
    // The prerendered head is already right on first load; this matters after client-side
    // navigation, so the head builders load on demand instead of with every page.
    const page = JSON.parse(key) as PageMeta;
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
    if (document.title === fullTitle(page.title) && canonical === absoluteUrl(origin, page.path))
      return;
    let current = true;
    void import('./head').then(({ applyHead }) => {
      if (current) applyHead(document, page, origin);
    });
    return () => {
      current = false;
    };
  }, [key, origin]);
  return null;
}
