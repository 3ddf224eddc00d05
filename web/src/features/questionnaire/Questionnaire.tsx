import type { QuestionnaireView } from './checkerView';
import { EmergencyAdvice } from './EmergencyAdvice';
import { EmergencyCheck } from './EmergencyCheck';
import { QuestionnaireStep } from './QuestionnaireStep';

/**
 * The questionnaire's views, loaded together as one chunk: the emergency check that opens it
 * (and its advice), then the spec's six steps.
 */
export default function Questionnaire({ view }: { view: QuestionnaireView }) {
  switch (view.kind) {
    case 'emergency-check':
      return <EmergencyCheck />;
    case 'emergency-advice':
      return <EmergencyAdvice />;
    case 'step':
      return <QuestionnaireStep step={view.step} />;
  }
}
