import { useId, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { ADDITIONAL_INFO_MAX } from '@handcheck/diagnosis';
import { characterCount } from './selectors';
import { BOLD, TEXT_SIZE } from '../../theme/typeScale';

/** A small text button; 44 px tall so it is easy to hit on a phone. */
const CLEAR_BUTTON = {
  mt: 0.5,
  minHeight: 44,
  px: 1,
  border: 0,
  background: 'none',
  font: 'inherit',
  fontWeight: BOLD,
  color: 'primary.dark',
  textDecoration: 'underline',
  cursor: 'pointer',
  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
} as const;

const GRID = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  columnGap: 2,
} as const;

function Fieldset({
  legend,
  hint,
  children,
}: {
  legend: string;
  hint?: string;
  children: (hintId?: string) => ReactNode;
}) {
  const hintId = useId();
  return (
    <FormControl
      component="fieldset"
      // Clear space between questions: step 1 asks four in a row.
      sx={{ display: 'block', border: 0, p: 0, m: 0, mb: 5 }}
    >
      <FormLabel
        component="legend"
        sx={{ fontWeight: BOLD, color: 'text.primary', fontSize: TEXT_SIZE.lead, mb: 0.5 }}
      >
        {legend}
      </FormLabel>
      {hint && (
        <FormHelperText
          id={hintId}
          sx={{ mx: 0, mb: 1, fontSize: TEXT_SIZE.body, color: 'text.secondary' }}
        >
          {hint}
        </FormHelperText>
      )}
      {children(hint ? hintId : undefined)}
    </FormControl>
  );
}

interface CheckboxOption {
  value: string;
  label: string;
  checked: boolean;
}

export function CheckboxGroupField(props: {
  legend: string;
  hint?: string;
  options: CheckboxOption[];
  onChange: (value: string, checked: boolean) => void;
  /** Grid columns per breakpoint; two from `sm` up unless given. */
  columns?: { xs: string; sm?: string; md?: string };
}) {
  return (
    <Fieldset legend={props.legend} hint={props.hint}>
      {(hintId) => (
        <FormGroup
          aria-describedby={hintId}
          sx={props.columns ? { ...GRID, gridTemplateColumns: props.columns } : GRID}
        >
          {props.options.map((option) => (
            <FormControlLabel
              key={option.value}
              label={option.label}
              control={
                <Checkbox
                  checked={option.checked}
                  onChange={(event) => props.onChange(option.value, event.target.checked)}
                  name={option.value}
                />
              }
            />
          ))}
        </FormGroup>
      )}
    </Fieldset>
  );
}

export function RadioGroupField(props: {
  legend: string;
  hint?: string;
  name: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
}) {
  const group = useRef<HTMLDivElement>(null);
  // A chosen answer can be taken back: every question is optional.
  const clear = () => {
    props.onChange('');
    group.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
  };
  return (
    <Fieldset legend={props.legend} hint={props.hint}>
      {(hintId) => (
        <>
          <RadioGroup
            ref={group}
            name={props.name}
            value={props.value}
            onChange={(event) => props.onChange(event.target.value)}
            aria-describedby={hintId}
            sx={GRID}
          >
            {props.options.map((option) => (
              <FormControlLabel key={option} value={option} label={option} control={<Radio />} />
            ))}
          </RadioGroup>
          {props.value !== '' && (
            <Box
              component="button"
              type="button"
              onClick={clear}
              aria-label={`Clear answer: ${props.legend}`}
              sx={CLEAR_BUTTON}
            >
              Clear answer
            </Box>
          )}
        </>
      )}
    </Fieldset>
  );
}

/** Free-text step: textarea limited to 500 characters with a live counter. */
export function AdditionalInfoField(props: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const counterId = useId();
  return (
    <FormControl fullWidth>
      <InputLabel
        htmlFor={inputId}
        shrink
        sx={{
          position: 'static',
          transform: 'none',
          fontWeight: BOLD,
          color: 'text.primary',
          fontSize: TEXT_SIZE.lead,
          mb: 0.5,
          // The whole label, "(optional)" included, wraps on a phone instead of being cut.
          whiteSpace: 'normal',
          overflow: 'visible',
          textOverflow: 'clip',
          maxWidth: '100%',
        }}
      >
        {props.label}
      </InputLabel>
      <FormHelperText id={hintId} sx={{ mx: 0, mt: 0, mb: 1, fontSize: TEXT_SIZE.body }}>
        {props.hint}
      </FormHelperText>
      <OutlinedInput
        id={inputId}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        multiline
        minRows={5}
        inputProps={{
          maxLength: ADDITIONAL_INFO_MAX,
          'aria-describedby': `${hintId} ${counterId}`,
        }}
      />
      <FormHelperText id={counterId} sx={{ mx: 0, textAlign: 'right', fontWeight: BOLD }}>
        {characterCount(props.value)}
      </FormHelperText>
    </FormControl>
  );
}
