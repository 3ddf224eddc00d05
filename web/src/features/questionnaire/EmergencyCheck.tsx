import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { EMERGENCY_SIGNS } from '@handcheck/diagnosis';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { trackEvent } from '../../analytics/browserTracker';
import { focusView } from '../../app/focusView';
import { ActionButton } from '../../components/ActionButton';
import { Panel } from '../../components/Panel';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { BOLD, TEXT_SIZE } from '../../theme/typeScale';
import { checkerSearch } from './checkerView';
import { afterEmergencyCheck, emergencyCheckAnswer } from './emergencyCheck';
import { selectHasResult } from './hasResult';
import {
  emergencySignToggled,
  emergencySignUnsureToggled,
  noEmergencySignToggled,
} from './questionnaireSlice';
import { selectEmergencySigns, selectEmergencyUnsure } from './selectors';
import { useViewTitle } from './useViewTitle';

export const EMERGENCY_CHECK_TITLE = 'Is this an emergency?';
export const EMERGENCY_CHECK_LEGEND = 'Is any of these happening to you now or today?';
export const NONE_OF_THESE = 'None of these';
export const NOT_SURE = "I'm not sure";
export const EMERGENCY_CHECK_HINT = `Tick all that apply. If you cannot tell, tick ‘${NOT_SURE}’ beside the sign. If none apply, tick ‘${NONE_OF_THESE}’.`;
export const EMERGENCY_CHECK_ERROR = `Tick any sign that is happening now or today, or ‘${NOT_SURE}’ beside it, or ‘${NONE_OF_THESE}’.`;

/**
 * The "I'm not sure" checkbox's accessible name: its visible words first (WCAG 2.5.3, label
 * in name), then the sign it belongs to, so that each of the twelve is unique when read alone.
 */
export const notSureName = (signLabel: string) => `${NOT_SURE}: ${signLabel}`;

/**
 * The questionnaire's opening screen, before "Step 1 of 6" (as NHS 111 online asks its
 * emergency questions first). It is not a step: no step number, no progress. "None of these"
 * is an answer of its own, so nobody passes the check without saying so. Beside each sign,
 * "I'm not sure" counts as the sign: someone who cannot tell should get help, not go on.
 */
export function EmergencyCheck() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signs = useAppSelector(selectEmergencySigns);
  const unsure = useAppSelector(selectEmergencyUnsure);
  const hasResult = useAppSelector(selectHasResult);
  const heading = useRef<HTMLHeadingElement>(null);
  const group = useRef<HTMLDivElement>(null);
  const [unanswered, setUnanswered] = useState(false);
  const hintId = useId();
  const errorId = useId();
  useViewTitle(EMERGENCY_CHECK_TITLE);

  useEffect(() => {
    focusView(heading.current);
  }, []);

  const chosen = signs ?? [];
  const answer = emergencyCheckAnswer(signs, unsure);
  const none = answer === 'none';
  const showError = unanswered && answer === 'unanswered';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const target = afterEmergencyCheck(signs, unsure, hasResult);
    if (!target) {
      setUnanswered(true);
      group.current?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
      return;
    }
    // The emergency check is complete here: any sign chosen or "None of these". Analytics is
    // told only whether a sign was chosen, never which (docs/analytics.md); "I'm not sure"
    // counts as a sign here as everywhere else.
    trackEvent('emergency_check_completed', { anySign: answer === 'signs' });
    navigate({ search: checkerSearch(target) });
  };

  const describedBy = [hintId, showError ? errorId : ''].filter(Boolean).join(' ');

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Panel sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography
          ref={heading}
          tabIndex={-1}
          component="h1"
          variant="h2"
          sx={{ mb: 1, outline: 'none' }}
        >
          {EMERGENCY_CHECK_TITLE}
        </Typography>
        <Typography sx={{ mb: 3, color: 'text.secondary' }}>
          Before the questions, check that you do not need help straight away. This tool cannot help
          in an emergency.
        </Typography>
        <form onSubmit={onSubmit} aria-label={EMERGENCY_CHECK_TITLE} noValidate>
          <FormControl
            component="fieldset"
            error={showError}
            aria-describedby={describedBy}
            sx={{ display: 'block', border: 0, p: 0, m: 0, mb: 3 }}
          >
            <FormLabel
              component="legend"
              sx={{
                fontWeight: BOLD,
                color: 'text.primary',
                fontSize: TEXT_SIZE.lead,
                mb: 0.5,
                '&.Mui-error, &.Mui-focused': { color: 'text.primary' },
              }}
            >
              {EMERGENCY_CHECK_LEGEND}
            </FormLabel>
            <FormHelperText
              id={hintId}
              // The hint stays a hint when the fieldset shows its error below it.
              error={false}
              sx={{ mx: 0, mb: 1, fontSize: TEXT_SIZE.body, color: 'text.secondary' }}
            >
              {EMERGENCY_CHECK_HINT}
            </FormHelperText>
            {showError && (
              <FormHelperText
                id={errorId}
                data-testid="emergency-check-error"
                sx={{ mx: 0, mb: 1, fontSize: TEXT_SIZE.body, fontWeight: BOLD, color: '#b91c1c' }}
              >
                <VisuallyHidden>Error: </VisuallyHidden>
                {EMERGENCY_CHECK_ERROR}
              </FormHelperText>
            )}
            <FormGroup ref={group}>
              {EMERGENCY_SIGNS.map((sign) => (
                // The sign, then its "I'm not sure" just under it (indented to the sign's
                // words), so Tab reaches each sign and then its own "not sure".
                <Box
                  key={sign.id}
                  data-testid="emergency-sign"
                  sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
                >
                  <FormControlLabel
                    label={sign.label}
                    sx={{ alignItems: 'flex-start', mr: 0, '& .MuiCheckbox-root': { mt: -1 } }}
                    control={
                      <Checkbox
                        name="emergencySign"
                        value={sign.id}
                        checked={chosen.includes(sign.id)}
                        onChange={() => dispatch(emergencySignToggled(sign.id))}
                      />
                    }
                  />
                  <FormControlLabel
                    // The sign in hidden text too, for whoever reads the label's text alone.
                    label={
                      <>
                        {NOT_SURE}
                        <VisuallyHidden>: {sign.label}</VisuallyHidden>
                      </>
                    }
                    sx={{
                      display: 'flex',
                      width: 'fit-content',
                      ml: { xs: 2.5, sm: 3.5 },
                      mr: 0,
                      color: 'text.secondary',
                    }}
                    control={
                      <Checkbox
                        size="small"
                        name="emergencySignNotSure"
                        value={sign.id}
                        checked={unsure.includes(sign.id)}
                        onChange={() => dispatch(emergencySignUnsureToggled(sign.id))}
                        // Named outright: Chromium reads the hidden part as a word of its own
                        // ("I'm not sure : ..."), and the name must be exact to be unique.
                        slotProps={{ input: { 'aria-label': notSureName(sign.label) } }}
                      />
                    }
                  />
                </Box>
              ))}
              {/* GOV.UK's exclusive "none" option: ticking it clears the signs, and a sign clears it. */}
              <Typography aria-hidden sx={{ my: 1, ml: 1.5, fontWeight: BOLD }}>
                or
              </Typography>
              <FormControlLabel
                label={NONE_OF_THESE}
                control={
                  <Checkbox
                    name="noEmergencySign"
                    checked={none}
                    onChange={() => dispatch(noEmergencySignToggled())}
                  />
                }
              />
            </FormGroup>
          </FormControl>
          <ActionButton type="submit" sx={{ width: { xs: '100%', sm: 'auto' } }}>
            Continue
          </ActionButton>
        </form>
      </Panel>
    </Box>
  );
}
