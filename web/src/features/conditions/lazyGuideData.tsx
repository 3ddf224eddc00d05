import type { ComponentType, ReactNode } from 'react';
import { lazyPage } from '../../app/lazyPage';

/** A component that renders its child function with the data of a guide module. */
export type GuideData<T> = ComponentType<{ children: (data: T) => ReactNode }>;

/** A guide module (see guide-modules.d.ts): its id as the Vite manifest names it, and its import. */
export interface GuideModule {
  id: string;
  load: () => Promise<{ default: unknown }>;
}

/**
 * The guide modules' data, loaded on demand like a lazy page and so preloaded with the page by
 * the prerender: `<Data>{(data) => …}</Data>` renders once the module has loaded. One
 * component per module, made on first use.
 */
export function guideDataLoader<T>() {
  const made = new Map<string, GuideData<T>>();
  return ({ id, load }: GuideModule): GuideData<T> => {
    let Data = made.get(id);
    if (!Data) {
      Data = lazyPage(id, () =>
        load().then(({ default: data }) => ({
          default: function GuideData({ children }: { children: (data: T) => ReactNode }) {
            return <>{children(data as T)}</>;
          },
        })),
      );
      made.set(id, Data);
    }
    return Data;
  };
}
