import { type MailKind } from './referrals.repository';

/** What both referral templates are given (every field present: templates render in strict mode). */
export interface ReferralMailData {
  referralId: string;
  patientName: string | null;
  /** The name, or words that stand in for it in a sentence. */
  patientLabel: string;
  patientEmail: string;
  patientLocation: string;
  topConditions: string[];
  keySymptoms: string[];
  additionalInfo: string | null;
  /** When it was requested, in words (UTC). */
  requestedAt: string;
  /** How long the referral is kept before it is deleted. */
  retentionDays: number;
}

export const TEMPLATES: Record<MailKind, string> = {
  specialist: 'referral-specialist',
  patient: 'referral-patient',
};

/** The same referral always makes the same Message-ID, so a resend is recognisable as the same mail. */
export function referralMessageId(referralId: string, kind: MailKind): string {
  return `<referral-${referralId}-${kind}@handcheck>`;
}

export function referralMailData(
  referral: {
    id: string;
    requested_at: Date;
    patient_name: string | null;
    patient_email: string;
    patient_location: string;
    top_conditions: string[];
    key_symptoms: string[];
    additional_info: string | null;
  },
  retentionDays: number,
): ReferralMailData {
  return {
    referralId: referral.id,
    patientName: referral.patient_name,
    patientLabel: referral.patient_name ?? 'A patient',
    patientEmail: referral.patient_email,
    patientLocation: referral.patient_location,
    topConditions: referral.top_conditions,
    keySymptoms: referral.key_symptoms,
    additionalInfo: referral.additional_info,
    requestedAt: `${referral.requested_at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    retentionDays,
  };
}
