import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { trackEvent } from '../../analytics/tracker';
import { checkerSearch } from './checkerView';
import { assessmentStarted } from './questionnaireSlice';

/** Loads the questionnaire and results code ahead of the click (hover/focus on a start button). */
export function preloadChecker(): void {
  void import('./Questionnaire');
  void import('../results/Results');
}

export function useStartAssessment() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    dispatch(assessmentStarted());
    trackEvent('symptom_checker_started');
    navigate({ search: checkerSearch({ kind: 'step', step: 1 }) });
  }, [dispatch, navigate]);
}
