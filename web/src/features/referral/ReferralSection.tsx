import Box from '@mui/material/Box';
import { Panel } from '../../components/Panel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { trackEvent } from '../../analytics/browserTracker';
import { useAppSelector } from '../../app/hooks';
import { ActionButton } from '../../components/ActionButton';
import { selectResult } from '../questionnaire/selectors';
import { useSendReferralMutation } from './referralApi';
import {
  EMPTY_FIELDS,
  REFERRAL_LIMITS,
  TOASTS,
  checkReferral,
  failureToast,
  type ReferralFields,
  type Toast,
} from './referralForm';
import { ReferralToast } from './ReferralToast';

const FORM_ID = 'referral-form';
const TOGGLE_ID = 'referral-toggle';

/**
 * 'Specialist Referral' on the results screen (spec sections 2, 4, 5 and 8): collapsed
 * behind 'Request Specialist Referral'; opening it records referral_requested; Cancel
 * collapses it; a successful send clears the fields and collapses it.
 */
export function ReferralSection() {
  const result = useAppSelector(selectResult);
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<ReferralFields>(EMPTY_FIELDS);
  const [toast, setToast] = useState<Toast | null>(null);
  // The field the last check refused, with the toast's words: shown on the field as well,
  // since a toast does not say to a screen reader which field it means, and it fades.
  const [refused, setRefused] = useState<{ field: keyof ReferralFields; message: string } | null>(
    null,
  );
  const inputs = useRef<Partial<Record<keyof ReferralFields, HTMLInputElement | null>>>({});
  const [send, { isLoading }] = useSendReferralMutation();
  const closeToast = useCallback(() => setToast(null), []);

  // Set when the form closes (sent or cancelled), so the button that comes back gets the focus.
  const focusToggle = useRef(false);

  useEffect(() => {
    if (open) inputs.current.name?.focus();
  }, [open]);

  // In the same commit that puts the button back: the form's field that had the focus is gone,
  // and a later timer may run before React has drawn the button (then focus stayed on <body>
  // and a phone's page was left scrolled past it). focus() scrolls it into sight, clear of the
  // toast (see ReferralToast).
  useLayoutEffect(() => {
    if (open || !focusToggle.current) return;
    focusToggle.current = false;
    document.getElementById(TOGGLE_ID)?.focus();
  }, [open]);

  if (!result) return null;

  const openForm = () => {
    setOpen(true);
    const top = result.topConditions[0];
    trackEvent(
      'referral_requested',
      top
        ? {
            topCondition: top.condition,
            diagnosisConfidence: top.confidence,
            eventData: { conditions: Math.min(3, result.topConditions.length) },
          }
        : { eventData: { conditions: 0 } },
    );
  };

  const collapse = () => {
    focusToggle.current = true;
    setOpen(false);
    setRefused(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const checked = checkReferral(fields, result);
    if (!checked.ok) {
      setToast(checked.toast);
      setRefused({ field: checked.field, message: checked.toast.description });
      inputs.current[checked.field]?.focus();
      return;
    }
    setRefused(null);
    setToast(TOASTS.sending);
    try {
      const answer = await send(checked.body).unwrap();
      if (!answer.success) {
        setToast(failureToast(answer));
        return;
      }
      setToast(TOASTS.sent);
      setFields(EMPTY_FIELDS);
      collapse();
    } catch (failure) {
      setToast(failureToast(failure));
    }
  };

  const field = (name: keyof ReferralFields, hint?: string) => ({
    name,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => {
      setFields((current) => ({ ...current, [name]: event.target.value }));
      if (refused?.field === name) setRefused(null);
    },
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    error: refused?.field === name,
    helperText: refused?.field === name ? refused.message : hint,
  });

  return (
    <Panel
      component="section"
      aria-labelledby="referral-title"
      sx={{ p: 3, my: 3, displayPrint: 'none' }}
    >
      <Typography id="referral-title" component="h2" variant="h2" sx={{ mb: 1 }}>
        Specialist Referral
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Send your results to a hand specialist. They will reply to you by email, usually within 1-2
        business days. This is not for emergencies: in an emergency call 999 in the UK or 911 in the
        US.
      </Typography>
      {!open ? (
        <ActionButton id={TOGGLE_ID} onClick={openForm}>
          Request Specialist Referral
        </ActionButton>
      ) : (
        <Box
          component="form"
          id={FORM_ID}
          aria-labelledby="referral-title"
          noValidate
          onSubmit={submit}
          sx={{ display: 'grid', gap: 2, maxWidth: 520 }}
        >
          <TextField
            {...field('name')}
            label="Name (optional)"
            autoComplete="name"
            slotProps={{ htmlInput: { maxLength: REFERRAL_LIMITS.name } }}
          />
          <TextField
            {...field('email')}
            label="Email"
            type="email"
            required
            autoComplete="email"
            slotProps={{ htmlInput: { maxLength: REFERRAL_LIMITS.email } }}
          />
          <TextField
            {...field('location', 'Your town or city, and country')}
            label="Location"
            required
            autoComplete="address-level2"
            slotProps={{ htmlInput: { maxLength: REFERRAL_LIMITS.location } }}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            We send the specialist your details, your top three matched conditions, your key
            symptoms and anything you typed in the last step, and email you a confirmation. We
            delete the request after 90 days.
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <ActionButton type="submit" disabled={isLoading}>
              {isLoading ? 'Sending...' : 'Send Referral Request'}
            </ActionButton>
            <ActionButton variant="outlined" onClick={collapse}>
              Cancel
            </ActionButton>
          </Box>
        </Box>
      )}
      <ReferralToast toast={toast} onClose={closeToast} />
    </Panel>
  );
}
