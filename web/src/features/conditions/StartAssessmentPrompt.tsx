import { Panel } from '../../components/Panel';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../components/ActionButton';

/** Closing call to action of the condition pages. */
export function StartAssessmentPrompt({
  title,
  text,
  to,
  label,
}: {
  title: string;
  text: string;
  to: string;
  label: string;
}) {
  return (
    <Panel sx={{ p: 3, my: 4, bgcolor: '#eff6ff', borderColor: 'primary.light' }}>
      <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{text}</Typography>
      <ButtonLink to={to} variant="contained">
        {label}
      </ButtonLink>
    </Panel>
  );
}
