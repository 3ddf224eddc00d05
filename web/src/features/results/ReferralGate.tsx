import { useEffect, useRef, useState } from 'react';
import Typography from '@mui/material/Typography';
import type { CareLevel } from '@handcheck/diagnosis';
import { ActionButton } from '../../components/ActionButton';
import { Panel } from '../../components/Panel';
import { ReferralSection } from '../referral/ReferralSection';
import { referralWaitsForCare } from './referralGating';

export const SOUGHT_CARE_LABEL = 'I have sought urgent care';

/**
 * The specialist referral, held back behind the care card's advice when the care level is
 * urgent or emergency: a referral is answered in 1-2 business days and must not read as the
 * thing to do instead. Once the visitor says they have sought care, the spec's section
 * ('Request Specialist Referral' and its form) shows as it always does.
 */
export function ReferralGate({ careLevel }: { careLevel: CareLevel }) {
  const [soughtCare, setSoughtCare] = useState(false);
  const revealed = useRef<HTMLDivElement>(null);
  const focusOnReveal = useRef(false);

  useEffect(() => {
    if (!soughtCare || !focusOnReveal.current) return;
    focusOnReveal.current = false;
    // The pressed button is gone: focus its successor, the section's own first button.
    revealed.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [soughtCare]);

  if (!referralWaitsForCare(careLevel) || soughtCare)
    return (
      <div ref={revealed}>
        <ReferralSection />
      </div>
    );

  return (
    <Panel
      component="section"
      aria-labelledby="referral-gate-title"
      data-testid="referral-gate"
      sx={{ p: 3, my: 3, displayPrint: 'none' }}
    >
      <Typography id="referral-gate-title" component="h2" variant="h2" sx={{ mb: 1 }}>
        Specialist Referral
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Follow the advice on when to seek care first. A referral request is answered in 1-2 business
        days, so it is not a way to get urgent help. Once you have sought that care, you can ask for
        a referral here.
      </Typography>
      <ActionButton
        variant="outlined"
        onClick={() => {
          focusOnReveal.current = true;
          setSoughtCare(true);
        }}
      >
        {SOUGHT_CARE_LABEL}
      </ActionButton>
    </Panel>
  );
}
