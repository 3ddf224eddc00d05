import {
  type ReferralRequested,
  ReferralRequestedSchema,
  fromBinary,
  timestampDate,
} from '@handcheck/contracts';

/** A referral as it was requested, checked field by field. */
export interface ReferralRequest {
  id: string;
  requestedAt: Date;
  patientName: string | null;
  patientEmail: string;
  patientLocation: string;
  topConditions: string[];
  keySymptoms: string[];
  additionalInfo: string | null;
}

export type Decoded = { ok: true; referral: ReferralRequest } | { ok: false; reason: string };

// The gateway's limits (spec sections 5 and 9), checked again here: a message can reach the
// topic by other roads than the gateway, and what we mail must never exceed what we promised.
export const LIMITS = {
  name: 100,
  email: 254,
  location: 100,
  additionalInfo: 500,
  topConditions: 3,
  keySymptoms: 30,
  listItem: 200,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;
const MARKUP = /[<>]/;

function problemsOf(message: ReferralRequested): string[] {
  const problems: string[] = [];
  const text = (field: string, value: string, max: number, required: boolean) => {
    if (required && value.trim() === '') problems.push(`${field} is empty`);
    if (value.length > max) problems.push(`${field} is longer than ${max} characters`);
    if (MARKUP.test(value)) problems.push(`${field} contains markup`);
  };
  if (!UUID.test(message.id)) problems.push('id is not a UUID');
  if (!message.requestedAt) problems.push('requested_at is missing');
  text('patient_name', message.patientName ?? '', LIMITS.name, false);
  text('patient_email', message.patientEmail, LIMITS.email, true);
  if (message.patientEmail !== '' && !EMAIL.test(message.patientEmail)) {
    problems.push('patient_email is not an email address');
  }
  text('patient_location', message.patientLocation, LIMITS.location, true);
  text('additional_info', message.additionalInfo ?? '', LIMITS.additionalInfo, false);
  if (message.topConditions.length > LIMITS.topConditions) {
    problems.push(`top_conditions has more than ${LIMITS.topConditions} entries`);
  }
  if (message.keySymptoms.length > LIMITS.keySymptoms) {
    problems.push(`key_symptoms has more than ${LIMITS.keySymptoms} entries`);
  }
  message.topConditions.forEach((item, i) =>
    text(`top_conditions[${i}]`, item, LIMITS.listItem, true),
  );
  message.keySymptoms.forEach((item, i) => text(`key_symptoms[${i}]`, item, LIMITS.listItem, true));
  return problems;
}

/** Decodes and checks one consumed message; a reason for the dead-letter topic when it is not a referral we can mail. */
export function decodeReferral(value: Buffer | null): Decoded {
  if (value === null || value.length === 0) return { ok: false, reason: 'empty message' };
  let message: ReferralRequested;
  try {
    message = fromBinary(ReferralRequestedSchema, value);
  } catch (error) {
    return {
      ok: false,
      reason: `not a ReferralRequested message: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const problems = problemsOf(message);
  if (problems.length > 0) return { ok: false, reason: `invalid referral: ${problems.join('; ')}` };
  return {
    ok: true,
    referral: {
      id: message.id.toLowerCase(),
      requestedAt: timestampDate(message.requestedAt!),
      patientName: message.patientName?.trim() || null,
      patientEmail: message.patientEmail,
      patientLocation: message.patientLocation.trim(),
      topConditions: [...message.topConditions],
      keySymptoms: [...message.keySymptoms],
      additionalInfo: message.additionalInfo?.trim() || null,
    },
  };
}
