import { createContext, useContext, useEffect } from 'react';
import { applyHead } from './head';
import type { PageMeta } from './meta';

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
    applyHead(document, JSON.parse(key) as PageMeta, origin);
  }, [key, origin]);
  return null;
}
