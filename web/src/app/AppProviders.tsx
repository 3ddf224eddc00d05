import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { HeadContext, type HeadCollector } from '../seo/PageHead';
import { GlobalBaseline } from '../theme/GlobalBaseline';
import { appTheme } from '../theme/theme';
import { ErrorBoundary } from './ErrorBoundary';
import { RenderedModulesContext } from './lazyPage';
import type { AppStore } from './store';

interface AppProvidersProps {
  store: AppStore;
  cache: EmotionCache;
  origin: string;
  head?: HeadCollector;
  renderedModules?: Set<string>;
  children: ReactNode;
}

/** Everything around the routes, shared by the browser entry and the prerender. */
export function AppProviders({
  store,
  cache,
  origin,
  head,
  renderedModules,
  children,
}: AppProvidersProps) {
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={appTheme()}>
        <GlobalBaseline />
        <ErrorBoundary>
          <Provider store={store}>
            <HeadContext.Provider value={{ origin, collector: head }}>
              <RenderedModulesContext.Provider value={renderedModules ?? null}>
                {children}
              </RenderedModulesContext.Provider>
            </HeadContext.Provider>
          </Provider>
        </ErrorBoundary>
      </ThemeProvider>
    </CacheProvider>
  );
}
