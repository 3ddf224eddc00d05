import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CheckboxGroupField } from '../fields';
import { HandDiagram } from './HandDiagram';
import { BOLD, TEXT_SIZE } from '../../../theme/typeScale';

/**
 * Step 1's location question: the hand diagram and the checkbox list side by side (stacked on
 * a phone). Both show and change the same answer, so they are always in step.
 */
export function PainLocationField({
  legend,
  hint,
  options,
  chosen,
  onToggle,
}: {
  legend: string;
  hint: string;
  options: readonly string[];
  chosen: readonly string[];
  onToggle: (location: string) => void;
}) {
  const captionId = useId();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(200px, 240px) 1fr' },
        columnGap: 4,
        rowGap: 2,
        alignItems: 'start',
        mb: 1,
      }}
    >
      <Box component="figure" sx={{ m: 0 }}>
        <Typography
          id={captionId}
          component="figcaption"
          sx={{ fontWeight: BOLD, mb: 1, fontSize: TEXT_SIZE.body }}
        >
          Hand diagram (palm up, with the back of the hand beside it): tap each place you feel it,
          or tick the list
        </Typography>
        <HandDiagram chosen={chosen} onToggle={onToggle} labelledBy={captionId} />
      </Box>
      <CheckboxGroupField
        legend={legend}
        hint={hint}
        options={options.map((option) => ({
          value: option,
          label: option,
          checked: chosen.includes(option),
        }))}
        onChange={(value) => onToggle(value)}
        columns={{ xs: '1fr', md: '1fr 1fr' }}
      />
    </Box>
  );
}
