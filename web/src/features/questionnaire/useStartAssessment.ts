import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { trackEvent } from '../../analytics/browserTracker';
import { checkerSearch } from './checkerView';

/** Query flag the start form adds when it is submitted before the page is interactive. */
export const START_PARAM = 'start';

/** Loads the questionnaire and results code ahead of the click (hover/focus on a start button). */
export function preloadChecker(): void {
  void import('./Questionnaire');
  void import('../results/Results');
}

export function useStartAssessment() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    (options: { replace?: boolean } = {}) => {
      trackEvent('symptom_checker_started');
      // The questionnaire opens with its emergency check, before step 1.
      const toCheck = () =>
        navigate({ search: checkerSearch({ kind: 'emergency-check' }) }, options);
      // The questionnaire's state comes with its code, which hovering or focusing the start
      // button has usually loaded already (preloadChecker). Should it fail to load, the check
      // still opens and shows the failure as any page that cannot load does.
      void import('./questionnaireSlice').then(({ assessmentStarted }) => {
        dispatch(assessmentStarted());
        toCheck();
      }, toCheck);
    },
    [dispatch, navigate],
  );
}
