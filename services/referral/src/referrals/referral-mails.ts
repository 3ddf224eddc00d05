import { isCheckerCondition, isCheckerKeySymptom, joinLines, linesOf } from '@handcheck/contracts';
import { confirmationLocation, confirmationName } from './confirmation-text';
import { type ReferralRequest } from './referral-message';
import { type MailKind } from './referrals.repository';

/**
 * What the patient's confirmation is given: nothing typed into the form unless
 * confirmation-text.ts lets it be repeated, and of the lists only what the checker writes.
 * The template cannot show more, as strict mode refuses a field the data does not have;
 * so, unlike the specialist's, this data names its fields.
 */
export interface ConfirmationMailData {
  id: string;
  /** The name to greet by, or null for "Hello,". */
  patient_name: string | null;
  /** The location as typed, or null to leave it out. */
  patient_location: string | null;
  top_conditions: string[];
  key_symptoms: string[];
  /** How long the referral is kept before it is deleted. */
  retention_days: number;
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

/**
 * What the specialist's template is given: the referral as requested, by its proto field
 * names, so a field added to the message reaches the template as it is. Name, location and
 * additional information are the patient's own words, and the template says so; items of
 * the lists that the checker did not write are listed apart (`other_items`).
 */
export function specialistMailData(referral: ReferralRequest) {
  const name = oneLine(referral.patient_name);
  const conditions = referral.top_conditions.map(joinLines);
  const symptoms = referral.key_symptoms.map(joinLines);
  return {
    ...referral,
    patient_name: name,
    /** The name, or words that stand in for it in a sentence. */
    patient_label: name ?? 'A patient',
    patient_location: joinLines(referral.patient_location),
    top_conditions: conditions.filter(isCheckerCondition),
    key_symptoms: symptoms.filter(isCheckerKeySymptom),
    other_items: [
      ...conditions.filter((item) => !isCheckerCondition(item)),
      ...symptoms.filter((item) => !isCheckerKeySymptom(item)),
    ],
    /** Line by line: the text mail indents each, so none can pass for a header or a field. */
    additional_info_lines:
      referral.additional_info === null ? [] : linesOf(referral.additional_info),
    /** In words (UTC). */
    requested_at: `${referral.requested_at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  };
}

export function confirmationMailData(
  referral: ReferralRequest,
  retentionDays: number,
): ConfirmationMailData {
  return {
    id: referral.id,
    patient_name: confirmationName(oneLine(referral.patient_name)),
    patient_location: confirmationLocation(joinLines(referral.patient_location)),
    top_conditions: referral.top_conditions.map(joinLines).filter(isCheckerCondition),
    key_symptoms: referral.key_symptoms.map(joinLines).filter(isCheckerKeySymptom),
    retention_days: retentionDays,
  };
}

/** Each mail's data, by kind. */
export function mailData(
  kind: MailKind,
  referral: ReferralRequest,
  retentionDays: number,
): ReturnType<typeof specialistMailData> | ConfirmationMailData {
  return kind === 'specialist'
    ? specialistMailData(referral)
    : confirmationMailData(referral, retentionDays);
}
