import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/AppRoutes';
import { makeStore } from './app/store';
import { loadQuestionnaire, saveQuestionnaire } from './features/questionnaire/persistence';
import { DEFAULT_ORIGIN } from './seo/meta';
import { createEmotionCache } from './theme/emotionCache';

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The prerender writes the canonical URL, so its origin is the site's public origin. */
function siteOrigin(): string {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonical?.href) return new URL(canonical.href).origin;
  return window.location.origin || DEFAULT_ORIGIN;
}

const storage = sessionStore();
const saved = loadQuestionnaire(storage);
const store = makeStore(saved ? { questionnaire: saved } : undefined);

let lastSaved = store.getState().questionnaire;
store.subscribe(() => {
  const current = store.getState().questionnaire;
  if (current === lastSaved) return;
  lastSaved = current;
  saveQuestionnaire(storage, current);
});

const app = (
  <StrictMode>
    <AppProviders store={store} cache={createEmotionCache()} origin={siteOrigin()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Prerendered pages are hydrated; the dev server's empty shell is rendered from scratch.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
