import { type ReferralRequested } from '../gen/handcheck/referral/v1/referral_pb';
import { type ReferralBody } from './referral-fields';

/**
 * The request body a ReferralRequested message carries, in the contract's field names, so
 * the consumer checks it with the very class the gateway validated the body with.
 */
export function referralBodyOf(message: ReferralRequested): ReferralBody {
  return {
    patient_name: message.patientName ?? null,
    patient_email: message.patientEmail,
    patient_location: message.patientLocation,
    top_conditions: [...message.topConditions],
    key_symptoms: [...message.keySymptoms],
    additional_info: message.additionalInfo ?? null,
  };
}
