import {
  type ReferralRequested,
  ReferralRequestBody,
  ReferralRequestedSchema,
  checkContract,
  fromBinary,
  referralBodyOf,
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

/**
 * A referral, or why a message is not one we can mail, with its referral id when it is a
 * ReferralRequested whose id is a UUID, so that its dead letter is logged and listed with it.
 */
export type Decoded =
  | { ok: true; referral: ReferralRequest }
  | { ok: false; reason: string; referralId: string | null };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Decodes and checks one consumed message; a reason for the dead-letter topic when it is not a referral we can mail. */
export function decodeReferral(value: Buffer | null): Decoded {
  if (value === null || value.length === 0) {
    return { ok: false, reason: 'empty message', referralId: null };
  }
  let message: ReferralRequested;
  try {
    message = fromBinary(ReferralRequestedSchema, value);
  } catch (error) {
    return {
      ok: false,
      reason: `not a ReferralRequested message: ${error instanceof Error ? error.message : String(error)}`,
      referralId: null,
    };
  }
  // The envelope is ours; the body is checked with the very class the gateway validated it
  // with (cleaning included), so what the gateway accepted is accepted here.
  const envelope: string[] = [];
  if (!UUID.test(message.id)) envelope.push('id is not a UUID');
  if (!message.requestedAt) envelope.push('requested_at is missing');
  const body = checkContract(ReferralRequestBody, referralBodyOf(message));
  const problems = [...envelope, ...(body.ok ? [] : body.details)];
  if (!body.ok || problems.length > 0) {
    const referralId = UUID.test(message.id) ? message.id.toLowerCase() : null;
    return { ok: false, reason: `invalid referral: ${problems.join('; ')}`, referralId };
  }
  const referral = body.value;
  return {
    ok: true,
    referral: {
      id: message.id.toLowerCase(),
      requestedAt: timestampDate(message.requestedAt!),
      patientName: referral.patient_name,
      patientEmail: referral.patient_email,
      patientLocation: referral.patient_location,
      topConditions: referral.top_conditions,
      keySymptoms: referral.key_symptoms,
      additionalInfo: referral.additional_info,
    },
  };
}
