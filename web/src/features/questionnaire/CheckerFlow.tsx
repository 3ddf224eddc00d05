import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { useHydrated } from '../../app/useHydrated';
import { PageLoading } from '../../components/PageLoading';
import { focusView } from '../../app/focusView';
import { LANDING_HEADING_ID, parseCheckerView } from './checkerView';
import { selectHasResult } from './hasResult';
import { START_PARAM, useStartAssessment } from './useStartAssessment';

const Questionnaire = lazy(() => import('./Questionnaire'));
const Results = lazy(() => import('../results/Results'));

/**
 * Home and /symptom-checker show the landing, the questionnaire (its emergency check,
 * ?view=emergency-check and ?view=emergency-advice, then ?step=n) or the results
 * (?view=results), chosen by the query string so browser history moves between them.
 */
export function CheckerFlow({ landing }: { landing: ReactNode }) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const hasResult = useAppSelector(selectHasResult);
  const view = parseCheckerView(search);
  const staleResults = hydrated && view.kind === 'results' && !hasResult;
  // Start was pressed before the page was interactive: its form loaded ?view=emergency-check&start=1.
  const startedEarly = hydrated && new URLSearchParams(search).has(START_PARAM);
  const start = useStartAssessment();

  useEffect(() => {
    if (startedEarly) start({ replace: true });
  }, [startedEarly, start]);

  useEffect(() => {
    // A results URL without a result in this tab (new tab, restarted) falls back to the landing.
    if (staleResults) navigate(pathname, { replace: true });
  }, [staleResults, pathname, navigate]);

  const shown = !hydrated || view.kind === 'landing' || staleResults ? 'landing' : view.kind;
  const previouslyShown = useRef(shown);
  useEffect(() => {
    // Back to the landing from a step or the results ("Start New Assessment", the browser's
    // Back): otherwise the page stays scrolled where it was and focus is left on nothing.
    if (shown === 'landing' && previouslyShown.current !== 'landing')
      focusView(document.getElementById(LANDING_HEADING_ID));
    previouslyShown.current = shown;
  }, [shown]);

  if (shown === 'landing' || view.kind === 'landing') return <>{landing}</>;
  return (
    <Suspense fallback={<PageLoading />}>
      {view.kind === 'results' ? <Results /> : <Questionnaire view={view} />}
    </Suspense>
  );
}
