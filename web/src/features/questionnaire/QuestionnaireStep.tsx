import { useEffect, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Panel } from '../../components/Panel';
import Typography from '@mui/material/Typography';
import { STEPS } from '@handcheck/diagnosis';
import { ActionButton } from '../../components/ActionButton';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { trackEvent } from '../../analytics/browserTracker';
import { checkerSearch } from './checkerView';
import { completeAssessment } from './completeAssessment';
import { clampStep, stepChanged } from './questionnaireSlice';
import {
  forwardLabel,
  isFirstStep,
  isLastStep,
  progressPercent,
  selectAnswers,
  stepLabel,
} from './selectors';
import { StepFields } from './StepFields';
import { stepDefinition } from './stepDefinitions';
import { stepTitle, useViewTitle } from './useViewTitle';
import { BOLD } from '../../theme/typeScale';
import { focusView } from '../../app/focusView';

/** One questionnaire step: progress, the step's questions, Previous and Next / Get Assessment. */
export function QuestionnaireStep({ step }: { step: number }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const answers = useAppSelector(selectAnswers);
  const heading = useRef<HTMLHeadingElement>(null);
  const definition = stepDefinition(step);
  useViewTitle(stepTitle(step, STEPS, definition.title));

  useEffect(() => {
    dispatch(stepChanged(step));
    focusView(heading.current);
  }, [dispatch, step]);

  const goTo = (target: number) =>
    navigate({ search: checkerSearch({ kind: 'step', step: clampStep(target) }) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    trackEvent('symptom_checker_step_completed', { stepNumber: step });
    if (!isLastStep(step)) {
      goTo(step + 1);
      return;
    }
    dispatch(completeAssessment());
    navigate({ search: checkerSearch({ kind: 'results' }) });
  };

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Box sx={{ mb: 3 }}>
        <Typography sx={{ fontWeight: BOLD, mb: 1 }}>{stepLabel(step)}</Typography>
        <LinearProgress
          variant="determinate"
          value={progressPercent(step)}
          aria-label="Questionnaire progress"
          aria-valuetext={stepLabel(step)}
          sx={{ height: 8, borderRadius: 4, bgcolor: '#dbeafe' }}
        />
      </Box>
      <Panel sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography
          ref={heading}
          tabIndex={-1}
          component="h1"
          variant="h2"
          sx={{ mb: 1, outline: 'none' }}
        >
          {definition.title}
        </Typography>
        <Typography sx={{ mb: 3, color: 'text.secondary' }}>{definition.intro}</Typography>
        <form onSubmit={onSubmit} aria-label={definition.title} noValidate>
          <StepFields questions={definition.questions} answers={answers} />
          <Box
            sx={{
              display: 'flex',
              // On a narrow phone "Get Assessment" does not fit beside Previous: the buttons
              // then take a row each instead of running off the screen.
              flexWrap: 'wrap',
              justifyContent: 'space-between',
              gap: 2,
              mt: 2,
              '& > button': { flexGrow: { xs: 1, sm: 0 } },
            }}
          >
            <ActionButton
              variant="outlined"
              disabled={isFirstStep(step)}
              onClick={() => goTo(step - 1)}
            >
              Previous
            </ActionButton>
            <ActionButton type="submit">{forwardLabel(step)}</ActionButton>
          </Box>
        </form>
      </Panel>
    </Box>
  );
}
