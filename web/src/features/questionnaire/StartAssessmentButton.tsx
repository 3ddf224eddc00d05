import { ActionButton } from '../../components/ActionButton';
import { ThreeMinutes } from '../../components/ThreeMinutes';
import { preloadChecker, useStartAssessment } from './useStartAssessment';

/** The primary call to action on the landing views; swaps the landing for step 1. */
export function StartAssessmentButton({ label }: { label: string }) {
  const start = useStartAssessment();
  return (
    <ActionButton
      onClick={start}
      onPointerEnter={preloadChecker}
      onFocus={preloadChecker}
      sx={{ px: 4, py: 1.5, fontSize: '1.1rem', borderRadius: 999 }}
    >
      {label}
      <ThreeMinutes />
    </ActionButton>
  );
}
