import type { ComponentType, ReactNode } from 'react';
import { lazyPage } from '../../app/lazyPage';

/** A component that renders its child function with the data of a guide module. */
export type GuideData<T> = ComponentType<{ children: (data: T) => ReactNode }>;

/**
 * The guide modules' data, loaded on demand like a lazy page and so preloaded with the page by
 * the prerender: `<Data>{(data) => …}</Data>` renders once the module has loaded. One
 * component per module, made on first use.
 */
export function guideDataLoader<T>(
  /** The map's prefix: a module's id (as the Vite manifest names it) is the prefix and its key. */
  prefix: string,
) {
  const made = new Map<string, GuideData<T>>();
  return (key: string, load: () => Promise<{ default: unknown }>): GuideData<T> => {
    let Data = made.get(key);
    if (!Data) {
      const id = prefix + key;
      Data = lazyPage(id, () =>
        load().then(({ default: data }) => ({
          default: function GuideData({ children }: { children: (data: T) => ReactNode }) {
            return <>{children(data as T)}</>;
          },
        })),
      );
      made.set(key, Data);
    }
    return Data;
  };
}
