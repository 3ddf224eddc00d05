import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { trackEvent } from '../../analytics/tracker';
import { checkerSearch } from './checkerView';
import { assessmentStarted } from './questionnaireSlice';

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
      dispatch(assessmentStarted());
      trackEvent('symptom_checker_started');
      navigate({ search: checkerSearch({ kind: 'step', step: 1 }) }, options);
    },
    [dispatch, navigate],
  );
}
