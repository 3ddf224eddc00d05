import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import { Panel } from '../../components/Panel';
import Typography from '@mui/material/Typography';
import { priorityFor, type CareLevel, type ConditionMatch } from '@handcheck/diagnosis';
import { guideForEngineName } from '../../content';
import { ActionButton } from '../../components/ActionButton';
import { AppLink } from '../../components/links';
import { ExpandMoreIcon } from '../../components/icons';
import { ResourceList } from '../../components/ResourceList';
import { CARE_TONES, careLevelBesidePriority } from './careTones';
import { descriptionBesideCare } from './descriptionBesideCare';
import { PRIORITY_COLOURS } from './priorityColours';
import { resultResourceGroups } from './resourceGroups';
import { BOLD, TEXT_SIZE } from '../../theme/typeScale';

/** Said on every condition card when the care card above asks for help today or now. */
export const NOT_A_DIAGNOSIS =
  'This is a possible match, not a diagnosis. Follow the care advice above.';

const CHIP = {
  px: 1.25,
  py: 0.25,
  borderRadius: 999,
  fontWeight: BOLD,
  fontSize: TEXT_SIZE.small,
  border: 1,
} as const;

/**
 * One ranked suggestion: match, priority (as a word, not only a colour), reasons and
 * resources. At an urgent or emergency care level the level sits beside the priority, which
 * the spec fixes by confidence, so a "Low priority" never stands alone on an urgent result;
 * the card then says it is not a diagnosis and leaves out any reassuring words, so that
 * nothing on it reads as a reason to skip the care card above.
 */
export function ConditionResultCard({
  match,
  rank,
  careLevel,
}: {
  match: ConditionMatch;
  rank: number;
  careLevel: CareLevel;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const priority = priorityFor(match.confidence);
  const colours = PRIORITY_COLOURS[priority.tone];
  const care = careLevelBesidePriority(careLevel);
  const pressing = careLevel !== 'routine';
  const guide = guideForEngineName(match.condition);

  return (
    <Panel
      component="article"
      aria-labelledby={`${id}-name`}
      data-testid="result-card"
      sx={{
        p: { xs: 2, md: 3 },
        mb: 2,
        borderLeft: 6,
        borderLeftColor: colours.border,
        breakInside: 'avoid',
        '@media print': { p: 1.25, mb: 1 },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography id={`${id}-name`} component="h2" variant="h3" data-testid="result-name">
          <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
            {rank}.
          </Box>
          {match.condition}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography component="span" sx={{ fontWeight: BOLD }} data-testid="result-confidence">
            {match.confidence}% match
          </Typography>
          <Box
            component="span"
            data-testid="result-priority"
            sx={{
              ...CHIP,
              bgcolor: colours.background,
              color: colours.text,
              borderColor: colours.border,
            }}
          >
            {priority.label} priority
          </Box>
          {care && (
            <Box
              component="span"
              data-testid="result-care-level"
              sx={{
                ...CHIP,
                bgcolor: CARE_TONES[care.tone].background,
                color: CARE_TONES[care.tone].text,
                borderColor: CARE_TONES[care.tone].border,
              }}
            >
              {care.label}
            </Box>
          )}
        </Box>
      </Box>
      <Typography sx={{ mt: 1 }}>
        <span data-testid="result-description">
          {descriptionBesideCare(match.description, careLevel)}
        </span>
        {pressing && (
          <Box
            component="strong"
            data-testid="result-not-diagnosis"
            // Its own line on screen; on paper it runs on after the description, so the
            // longest results still fit one page.
            sx={{
              display: 'block',
              mt: 1,
              fontWeight: BOLD,
              '@media print': { display: 'inline', mt: 0, '&::before': { content: '" "' } },
            }}
          >
            {NOT_A_DIAGNOSIS}
          </Box>
        )}
      </Typography>
      {match.matchingSymptoms.length > 0 && (
        <>
          <Typography
            component="h3"
            sx={{
              fontWeight: BOLD,
              mt: 2,
              fontSize: TEXT_SIZE.body,
              '@media print': { display: 'inline', mr: 1 },
            }}
          >
            Why this matched
          </Typography>
          <Box
            component="ul"
            data-testid="result-reasons"
            sx={{
              mt: 0.5,
              mb: 0,
              pl: 3,
              '@media print': {
                display: 'inline',
                p: 0,
                '& li': { display: 'inline', mr: 1.5 },
                '& li::before': { content: '"• "' },
              },
            }}
          >
            {match.matchingSymptoms.map((symptom) => (
              <li key={symptom}>{symptom}</li>
            ))}
          </Box>
        </>
      )}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
          mt: 2,
          displayPrint: 'none',
        }}
      >
        <ActionButton
          variant="outlined"
          aria-expanded={open}
          aria-controls={`${id}-resources`}
          onClick={() => setOpen((current) => !current)}
        >
          Learn More
          <ExpandMoreIcon aria-hidden sx={{ transform: open ? 'rotate(180deg)' : 'none' }} />
        </ActionButton>
        {guide && (
          <AppLink to={`/conditions/${guide.slug}`}>Read our guide to {guide.name}</AppLink>
        )}
      </Box>
      <Box
        id={`${id}-resources`}
        role="region"
        aria-label={`Resources for ${match.condition}`}
        hidden={!open}
        sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider', displayPrint: 'none' }}
      >
        <ResourceList groups={resultResourceGroups(match.condition)} />
      </Box>
    </Panel>
  );
}
