import {
  type ReferralBody,
  isCheckerCondition,
  isCheckerKeySymptom,
  joinLines,
  linesOf,
} from '@handcheck/contracts';
import { confirmationLocation, confirmationName } from './confirmation-text';
import { type MailKind } from './referrals.repository';

/** A stored referral, as its mails are made from it. */
export type MailedReferral = ReferralBody & { id: string; requested_at: Date };

/**
 * What the specialist's template is given (every field present: templates render in strict
 * mode). Name, location and additional information are the patient's own words, and the
 * template says so; items of the lists that the checker did not write are listed apart.
 */
export interface SpecialistMailData {
  referralId: string;
  patientName: string | null;
  /** The name, or words that stand in for it in a sentence. */
  patientLabel: string;
  patientEmail: string;
  patientLocation: string;
  /** The checker's conditions and key symptom lines, as it wrote them. */
  topConditions: string[];
  keySymptoms: string[];
  /** Anything else in those lists: sent with the request, so the sender's words. */
  otherItems: string[];
  additionalInfo: string | null;
  /** The same, line by line: the text mail indents each, so none can pass for a header or a field. */
  additionalInfoLines: string[];
  /** When it was requested, in words (UTC). */
  requestedAt: string;
}

/**
 * What the patient's confirmation is given: nothing typed into the form unless
 * confirmation-text.ts lets it be repeated, and of the lists only what the checker writes.
 * The template cannot show more, as strict mode refuses a field the data does not have.
 */
export interface ConfirmationMailData {
  referralId: string;
  /** The name to greet by, or null for "Hello,". */
  patientName: string | null;
  /** The location as typed, or null to leave it out. */
  patientLocation: string | null;
  topConditions: string[];
  keySymptoms: string[];
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

// The contract already keeps these on one line; a record stored before it did is made so
// here, because a line break in a plain-text mail could start a line that reads as a field.
const oneLine = (text: string | null) => (text === null ? null : joinLines(text));

export function specialistMailData(referral: MailedReferral): SpecialistMailData {
  const name = oneLine(referral.patient_name);
  const conditions = referral.top_conditions.map(joinLines);
  const symptoms = referral.key_symptoms.map(joinLines);
  return {
    referralId: referral.id,
    patientName: name,
    patientLabel: name ?? 'A patient',
    patientEmail: referral.patient_email,
    patientLocation: joinLines(referral.patient_location),
    topConditions: conditions.filter(isCheckerCondition),
    keySymptoms: symptoms.filter(isCheckerKeySymptom),
    otherItems: [
      ...conditions.filter((item) => !isCheckerCondition(item)),
      ...symptoms.filter((item) => !isCheckerKeySymptom(item)),
    ],
    additionalInfo: referral.additional_info,
    additionalInfoLines: referral.additional_info === null ? [] : linesOf(referral.additional_info),
    requestedAt: `${referral.requested_at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  };
}

export function confirmationMailData(
  referral: MailedReferral,
  retentionDays: number,
): ConfirmationMailData {
  return {
    referralId: referral.id,
    patientName: confirmationName(oneLine(referral.patient_name)),
    patientLocation: confirmationLocation(joinLines(referral.patient_location)),
    topConditions: referral.top_conditions.map(joinLines).filter(isCheckerCondition),
    keySymptoms: referral.key_symptoms.map(joinLines).filter(isCheckerKeySymptom),
    retentionDays,
  };
}

/** Each mail's data, by kind. */
export function mailData(
  kind: MailKind,
  referral: MailedReferral,
  retentionDays: number,
): SpecialistMailData | ConfirmationMailData {
  return kind === 'specialist'
    ? specialistMailData(referral)
    : confirmationMailData(referral, retentionDays);
}
