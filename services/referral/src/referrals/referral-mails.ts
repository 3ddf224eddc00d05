import { type ReferralBody, joinLines, linesOf } from '@handcheck/contracts';
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
  /** The same, line by line: the text mail indents each, so none can pass for a header or a field. */
  additionalInfoLines: string[];
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
  referral: ReferralBody & { id: string; requested_at: Date },
  retentionDays: number,
): ReferralMailData {
  // The contract already keeps these on one line; a record stored before it did is made so
  // here, because a line break in a plain-text mail could start a line that reads as a field.
  const name = referral.patient_name === null ? null : joinLines(referral.patient_name);
  return {
    referralId: referral.id,
    patientName: name,
    patientLabel: name ?? 'A patient',
    patientEmail: referral.patient_email,
    patientLocation: joinLines(referral.patient_location),
    topConditions: referral.top_conditions.map(joinLines),
    keySymptoms: referral.key_symptoms.map(joinLines),
    additionalInfo: referral.additional_info,
    additionalInfoLines: referral.additional_info === null ? [] : linesOf(referral.additional_info),
    requestedAt: `${referral.requested_at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    retentionDays,
  };
}
