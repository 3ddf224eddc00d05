import { type DiagnosisResult } from '@handcheck/diagnosis';
import {
  REFERRAL_CLEANING as CLEAN,
  REFERRAL_LIMITS,
  REFERRAL_MESSAGES,
  type ReferralBody,
} from '@handcheck/contracts/referral-fields';

export { REFERRAL_LIMITS, type ReferralBody };

/** What every answer of POST /api/referrals carries. */
export interface ReferralAnswer {
  success: boolean;
  error: string | null;
  id?: string;
}

export interface ReferralFields {
  name: string;
  email: string;
  location: string;
}

export const EMPTY_FIELDS: ReferralFields = { name: '', email: '', location: '' };

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  title: string;
  description: string;
  /** 'error' is the spec's destructive toast. */
  tone: ToastTone;
}

// Spec section 8, word for word.
export const TOASTS = {
  invalidEmail: {
    title: 'Invalid email',
    description: REFERRAL_MESSAGES.invalidEmail,
    tone: 'error',
  },
  locationRequired: {
    title: 'Location required',
    description: REFERRAL_MESSAGES.locationRequired,
    tone: 'info',
  },
  sending: {
    title: 'Sending referral request...',
    description: 'Please wait while we process your request.',
    tone: 'info',
  },
  sent: {
    title: 'Referral sent successfully!',
    description:
      'Your referral request has been sent to the specialist. You should receive a response within 1-2 business days.',
    tone: 'success',
  },
} as const satisfies Record<string, Toast>;

export const FAILED_TITLE = 'Failed to send referral';
export const DEFAULT_FAILURE =
  'There was an error sending your referral request. Please try again or contact support.';
export const NO_MESSAGE_FAILURE = 'Failed to send referral request';

/** A refusal names the field at fault, so the form can mark it and move focus there. */
export type Checked =
  { ok: true; body: ReferralBody } | { ok: false; toast: Toast; field: keyof ReferralFields };

/**
 * Cleans the fields with the referral contract's own cleaning (spec section 5), then checks
 * them in the spec's order (email, then location), and builds the body with the first three
 * conditions. The gateway and the referral service clean and check with the same rules.
 */
export function checkReferral(fields: ReferralFields, result: DiagnosisResult): Checked {
  const email = CLEAN.patient_email(fields.email);
  if (email === '') return { ok: false, toast: TOASTS.invalidEmail, field: 'email' };
  const location = CLEAN.patient_location(fields.location);
  if (location === '') return { ok: false, toast: TOASTS.locationRequired, field: 'location' };
  return {
    ok: true,
    body: {
      patient_name: CLEAN.patient_name(fields.name),
      patient_email: email,
      patient_location: location,
      top_conditions: result.topConditions
        .slice(0, REFERRAL_LIMITS.topConditions)
        .map((match) => match.condition),
      key_symptoms: [...result.keySymptoms],
      additional_info: CLEAN.additional_info(result.additionalInfo),
    },
  };
}

const errorOf = (data: unknown): string | undefined => {
  if (typeof data !== 'object' || data === null) return undefined;
  const error = (data as { error?: unknown }).error;
  return typeof error === 'string' && error.trim() !== '' ? error : undefined;
};

/**
 * The failure toast (spec section 8): the server's error text when it gave one; a
 * failure without a message says 'Failed to send referral request'; anything else, the
 * spec's default.
 */
export function failureToast(failure: unknown): Toast {
  const toast = (description: string): Toast => ({
    title: FAILED_TITLE,
    description,
    tone: 'error',
  });
  if (typeof failure === 'object' && failure !== null && 'status' in failure) {
    // An RTK Query error: an HTTP status with the answer's body, or a fetch/parse failure.
    return toast(errorOf((failure as { data?: unknown }).data) ?? NO_MESSAGE_FAILURE);
  }
  if (typeof failure === 'object' && failure !== null && 'success' in failure) {
    // A 2xx answer without success.
    return toast(errorOf(failure) ?? NO_MESSAGE_FAILURE);
  }
  return toast(DEFAULT_FAILURE);
}
