import { useLocation } from 'react-router-dom';
import { ActionButton } from '../../components/ActionButton';
import { ThreeMinutes } from '../../components/ThreeMinutes';
import { NoScriptNotice } from '../../components/NoScriptNotice';
import { START_PARAM, preloadChecker, useStartAssessment } from './useStartAssessment';
import { TEXT_SIZE } from '../../theme/typeScale';

/**
 * The primary call to action on the landing views; swaps the landing for the questionnaire's
 * emergency check. It is a real form (GET this page with ?view=emergency-check&start=1), so a
 * tap before the page is interactive loads the check instead of being lost; once hydrated the
 * click is handled in place.
 */
export function StartAssessmentButton({ label }: { label: string }) {
  const start = useStartAssessment();
  const { pathname } = useLocation();
  return (
    <>
      <form
        method="get"
        action={pathname}
        onSubmit={(event) => {
          event.preventDefault();
          start();
        }}
      >
        <input type="hidden" name="view" value="emergency-check" />
        <input type="hidden" name={START_PARAM} value="1" />
        <ActionButton
          type="submit"
          onPointerEnter={preloadChecker}
          onFocus={preloadChecker}
          sx={{ px: 4, py: 1.5, fontSize: TEXT_SIZE.lead, borderRadius: 999 }}
        >
          {label}
          <ThreeMinutes />
        </ActionButton>
      </form>
      <NoScriptNotice>
        The symptom checker needs JavaScript, which is turned off or blocked in this browser. Turn
        it on and reload the page to start. The condition guides and the FAQ work without it.
      </NoScriptNotice>
    </>
  );
}
