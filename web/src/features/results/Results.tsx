import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { careAdvice } from '@handcheck/diagnosis';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ActionButton } from '../../components/ActionButton';
import { createSvgIcon } from '../../components/icons';
import { checkerSearch } from '../questionnaire/checkerView';
import { assessmentReset } from '../questionnaire/questionnaireSlice';
import {
  selectAnswers,
  selectCareSigns,
  selectEmergencySigns,
  selectEmergencyUnsure,
  selectResult,
} from '../questionnaire/selectors';
import { useViewTitle } from '../questionnaire/useViewTitle';
import { CareAdviceCard } from './CareAdviceCard';
import { ConditionResultCard } from './ConditionResultCard';
import { MatchExplanation } from './MatchExplanation';
import { NoMatchCard } from './NoMatchCard';
import { PrintSummary } from './PrintSummary';
import { ReferralGate } from './ReferralGate';
import { SpecialistDirectory } from '../directory/SpecialistDirectory';
import { ResultsDisclaimer } from './ResultsDisclaimer';
import { focusView } from '../../app/focusView';

// Material Design icon path (Apache-2.0); only the results show it.
const PrintIcon = /* @__PURE__ */ createSvgIcon(
  <path d="M19 8H5c-1.66 0-3 1.34-3 3v6h4v4h12v-4h4v-6c0-1.66-1.34-3-3-3m-3 11H8v-5h8zm3-7c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1m-1-9H6v4h12z" />,
  'Print',
);

/**
 * 'Assessment Results': ranked conditions, care card, disclaimer, referral and actions. An
 * urgent or emergency care card leads, straight under the title, so that what to do now is
 * read before any condition name or match percentage.
 */
export default function Results() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const result = useAppSelector(selectResult);
  const answers = useAppSelector(selectAnswers);
  const emergencySigns = useAppSelector(selectEmergencySigns);
  const emergencyUnsure = useAppSelector(selectEmergencyUnsure);
  // "I'm not sure" beside a sign counts as the sign, for the card as for the advice.
  const signs = useAppSelector(selectCareSigns);
  const advice = useMemo(() => careAdvice(answers, signs), [answers, signs]);
  const heading = useRef<HTMLHeadingElement>(null);
  const printedOn = useMemo(() => new Date(), []);
  useViewTitle('Your results');

  useEffect(() => {
    focusView(heading.current);
  }, []);

  if (!result) return null;
  const pressing = advice.level !== 'routine';

  const restart = () => {
    dispatch(assessmentReset());
    navigate({ search: '' });
  };

  return (
    <Box sx={{ maxWidth: 860, mx: 'auto' }}>
      <PrintSummary
        answers={answers}
        emergencySigns={emergencySigns}
        emergencyUnsure={emergencyUnsure}
        date={printedOn}
      />
      <Typography
        ref={heading}
        tabIndex={-1}
        component="h1"
        variant="h1"
        sx={{ mb: 1, outline: 'none', '@media print': { fontSize: '1.6rem', mb: 0.5 } }}
      >
        Assessment Results
      </Typography>
      {pressing && <CareAdviceCard advice={advice} />}
      <Typography
        sx={{
          mb: 2,
          color: 'text.secondary',
          // On paper the match explanation beside the cards says this, so the page stays one.
          '@media print': result.topConditions.length > 0 ? { display: 'none' } : { mb: 1 },
        }}
      >
        {result.topConditions.length > 0
          ? 'Based on your answers, these conditions match your symptoms most closely. The match percentage compares each condition with the best match; it is not the chance that you have it.'
          : 'Based on your answers, no condition this tool knows matched closely enough to show.'}
      </Typography>
      {result.topConditions.length > 0 ? (
        <Box component="section" aria-label="Possible conditions">
          <MatchExplanation />
          {result.topConditions.map((match, index) => (
            <ConditionResultCard
              key={match.condition}
              match={match}
              rank={index + 1}
              careLevel={advice.level}
            />
          ))}
        </Box>
      ) : (
        <NoMatchCard />
      )}
      {!pressing && <CareAdviceCard advice={advice} />}
      <ResultsDisclaimer safetyNet={advice.safetyNet} />
      <ReferralGate careLevel={advice.level} />
      <SpecialistDirectory />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3, displayPrint: 'none' }}>
        <ActionButton variant="outlined" onClick={() => window.print()}>
          <PrintIcon aria-hidden />
          Print or save as PDF
        </ActionButton>
        <ActionButton
          variant="outlined"
          onClick={() => navigate({ search: checkerSearch({ kind: 'emergency-check' }) })}
        >
          Check emergency signs again
        </ActionButton>
        <ActionButton onClick={restart}>Start New Assessment</ActionButton>
      </Box>
    </Box>
  );
}
