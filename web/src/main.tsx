import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { normalisePath } from '@handcheck/site-paths';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/AppRoutes';
import { makeStore } from './app/store';
import type { QuestionnaireState } from './features/questionnaire/questionnaireSlice';
import { readSavedText, saveQuestionnaire } from './features/questionnaire/savedQuestionnaire';
import { DEFAULT_ORIGIN } from './seo/meta';
import { createEmotionCache } from './theme/emotionCache';
import { appTheme } from './theme/theme';

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

// A non-canonical address (legacy slug, upper case, trailing slash) is corrected before the
// router starts, so it never renders the wrong page against the prerendered HTML.
const canonicalPath = normalisePath(window.location.pathname);
if (canonicalPath)
  window.history.replaceState(
    window.history.state,
    '',
    `${canonicalPath}${window.location.search}${window.location.hash}`,
  );

const storage = sessionStore();

function start(saved: QuestionnaireState | null): void {
  const store = makeStore(saved ? { questionnaire: saved } : undefined);

  let lastSaved = store.getState().questionnaire;
  store.subscribe(() => {
    const current = store.getState().questionnaire;
    // Undefined until the checker's code has added the questionnaire to the store.
    if (current === lastSaved || current === undefined) return;
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

  // Prerendered pages are hydrated. The dev server's empty shell, and the shared 404 page
  // (served for any unknown address, so its markup may not match what this address renders),
  // are rendered from scratch instead.
  const prerendered =
    container.firstElementChild !== null && container.dataset.page !== 'not-found';
  // As a transition React hydrates in short slices, so the prerendered page stays
  // responsive (one long task measured 100-230 ms of blocking on a throttled phone).
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

// Answers this tab saved earlier are checked against the questionnaire's options before the
// store takes them; that code is only loaded when there is something saved (few visits), and
// if it cannot load the page starts as a fresh tab would.
// The theme, then the store and the hydration, each start in a task of their own after the one
// evaluating this chunk: all in one they were a task of about 70 ms on Lighthouse's
// 4x-throttled phone, and the theme with the rest still 25-50 ms there (6-12 ms here), over
// its 50 ms line when the machine is busy. The theme is made here rather than in the first
// slice of the hydration.
setTimeout(() => {
  appTheme();
  setTimeout(() => {
    const savedText = readSavedText(storage);
    if (savedText === null) start(null);
    else
      import('./features/questionnaire/persistence').then(
        ({ parseStoredState }) => start(parseStoredState(savedText)),
        () => start(null),
      );
  }, 0);
}, 0);
