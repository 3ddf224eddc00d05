import {
  cleanEmail,
  cleanText,
  TOP_CONDITIONS_MAX,
  type DiagnosisResult,
} from '@handcheck/diagnosis';

/** The spec's referral body (section 7). */
export interface ReferralBody {
  patient_name: string;
  patient_email: string;
  patient_location: string;
  top_conditions: string[];
  key_symptoms: string[];
  additional_info: string | null;
}

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
    description: 'Please enter a valid email address.',
    tone: 'error',
  },
  locationRequired: {
    title: 'Location required',
    description: 'Please enter your location.',
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
 * Cleans the fields as spec section 5 says, then checks them in the spec's order (email,
 * then location), and builds the body with the first three conditions.
 */
export function checkReferral(fields: ReferralFields, result: DiagnosisResult): Checked {
  const email = cleanEmail(fields.email);
  if (email === '') return { ok: false, toast: TOASTS.invalidEmail, field: 'email' };
  const location = cleanText(fields.location);
  if (location === '') return { ok: false, toast: TOASTS.locationRequired, field: 'location' };
  const additional = cleanText(result.additionalInfo);
  return {
    ok: true,
    body: {
      patient_name: cleanText(fields.name),
      patient_email: email,
      patient_location: location,
      top_conditions: result.topConditions
        .slice(0, TOP_CONDITIONS_MAX)
        .map((match) => match.condition),
      key_symptoms: [...result.keySymptoms],
      additional_info: additional === '' ? null : additional,
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
