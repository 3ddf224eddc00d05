import { Panel } from '../../components/Panel';
import Typography from '@mui/material/Typography';
import { AppLink } from '../../components/links';

/** Shown instead of an empty list when no condition scored. */
export function NoMatchCard() {
  return (
    <Panel sx={{ p: 3, my: 3 }} data-testid="no-match">
      <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
        We could not match your answers to a specific condition
      </Typography>
      <Typography sx={{ mb: 1 }}>
        That does not mean nothing is wrong: your symptoms may not fit the patterns this tool knows,
        or you may have skipped questions that help tell conditions apart.
      </Typography>
      <Typography>
        If symptoms continue or worry you, please book an appointment with your GP (UK) or doctor
        (US), who can examine you and refer you to a hand specialist if needed. You can also read
        about common conditions on our <AppLink to="/hand-conditions">hand</AppLink>,{' '}
        <AppLink to="/wrist-conditions">wrist</AppLink> and{' '}
        <AppLink to="/elbow-conditions">elbow</AppLink> pages.
      </Typography>
    </Panel>
  );
}
