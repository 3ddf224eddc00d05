import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { EMERGENCY_SIGNS } from '@handcheck/diagnosis';
import { useAppSelector } from '../../app/hooks';
import { focusView } from '../../app/focusView';
import { ActionButton } from '../../components/ActionButton';
import { WarningIcon } from '../../components/icons';
import { BOLD } from '../../theme/typeScale';
import { CARE_TONES } from '../results/careTones';
import { checkerSearch } from './checkerView';
import { afterEmergencyAdvice, continueLabel } from './emergencyCheck';
import { emergencyWording } from './emergencyWording';
import { selectHasResult } from './hasResult';
import { selectCareSigns, selectEmergencyUnsure } from './selectors';
import { useViewTitle } from './useViewTitle';

export const EMERGENCY_ADVICE_TITLE = 'Get help now: this may be an emergency';
export const NOT_SURE_NOTE =
  'You were not sure about this one. To be safe, we treat it as if it is happening.';

const tone = CARE_TONES.red;

/**
 * The emergency card shown at once when the check finds any sign (or "I'm not sure" beside
 * one): what to do in the UK and in the US side by side, why, and the choice to go on to the
 * questions (or back to the results) after getting help.
 */
export function EmergencyAdvice() {
  const navigate = useNavigate();
  // Ticked and "not sure" signs together: both count the same.
  const signs = useAppSelector(selectCareSigns);
  const unsure = useAppSelector(selectEmergencyUnsure);
  const hasResult = useAppSelector(selectHasResult);
  const heading = useRef<HTMLHeadingElement>(null);
  const anySign = signs.length > 0;
  useViewTitle(EMERGENCY_ADVICE_TITLE);

  useEffect(() => {
    // Opened without a sign chosen (a stale address, a new tab): ask the check instead.
    if (!anySign)
      navigate({ search: checkerSearch({ kind: 'emergency-check' }) }, { replace: true });
    else focusView(heading.current);
  }, [anySign, navigate]);

  if (!anySign) return null;
  const chosen = EMERGENCY_SIGNS.filter((sign) => signs.includes(sign.id));
  const wording = emergencyWording(signs);

  return (
    <Box sx={{ maxWidth: 860, mx: 'auto' }}>
      <Box
        component="section"
        aria-labelledby="emergency-advice-title"
        data-testid="emergency-advice"
        sx={{
          p: { xs: 2, md: 3 },
          bgcolor: tone.background,
          color: tone.text,
          borderLeft: 6,
          borderColor: tone.border,
          borderRadius: 2,
        }}
      >
        <Typography
          ref={heading}
          id="emergency-advice-title"
          tabIndex={-1}
          component="h1"
          variant="h2"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, outline: 'none' }}
        >
          <WarningIcon aria-hidden />
          {EMERGENCY_ADVICE_TITLE}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            gap: 2,
            mb: 2,
          }}
        >
          {wording.map((country) => (
            <Box
              key={country.country}
              component="section"
              aria-labelledby={`emergency-${country.id}`}
              data-testid={`emergency-${country.id}`}
              sx={{
                p: 2,
                bgcolor: '#ffffff',
                border: 1,
                borderColor: tone.border,
                borderRadius: 1,
              }}
            >
              <Typography
                id={`emergency-${country.id}`}
                component="h2"
                variant="h3"
                sx={{ mb: 1, color: tone.text }}
              >
                {country.country}
              </Typography>
              <Typography sx={{ fontWeight: BOLD, mb: 1 }}>{country.now}</Typography>
              <Typography>{country.call}</Typography>
            </Box>
          ))}
        </Box>
        <Typography component="h2" sx={{ fontWeight: BOLD, mb: 0.5 }}>
          Why we are suggesting this
        </Typography>
        <Box component="ul" sx={{ mt: 0, mb: 2, pl: 3 }}>
          {chosen.map((sign) => (
            <li key={sign.id} data-testid="emergency-reason">
              {sign.reason}
              {unsure.includes(sign.id) && (
                <Box component="strong" sx={{ display: 'block', fontWeight: BOLD }}>
                  {NOT_SURE_NOTE}
                </Box>
              )}
            </li>
          ))}
        </Box>
        <Typography sx={{ mb: 2 }}>
          Get help first. You can answer the questions later, for example while you wait, but do not
          let them hold you up.
        </Typography>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            '& > button': { flexGrow: { xs: 1, sm: 0 } },
          }}
        >
          <ActionButton
            variant="outlined"
            onClick={() => navigate({ search: checkerSearch({ kind: 'emergency-check' }) })}
          >
            Change my answer
          </ActionButton>
          <ActionButton
            onClick={() => navigate({ search: checkerSearch(afterEmergencyAdvice(hasResult)) })}
          >
            {continueLabel(hasResult)}
          </ActionButton>
        </Box>
      </Box>
    </Box>
  );
}
