import { createContext, lazy, useContext, type ComponentProps, type ComponentType } from 'react';

/** Collects, during a server render, the source modules of the lazy pages that rendered. */
export const RenderedModulesContext = createContext<Set<string> | null>(null);

/**
 * A route page loaded on demand. `moduleId` is the page's path from the web root, exactly
 * as Vite's build manifest keys it, so the prerender can preload the page's chunks.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy itself is typed over any component props
export function lazyPage<T extends ComponentType<any>>(
  moduleId: string,
  load: () => Promise<{ default: T }>,
) {
  const Lazy = lazy(load);
  function LazyPage(props: ComponentProps<T>) {
    useContext(RenderedModulesContext)?.add(moduleId);
    return <Lazy {...props} />;
  }
  return LazyPage;
}
