import {
  type JsonObject,
  type ReferralBody,
  type ReferralRequested,
  ReferralRequestBody,
  ReferralRequestedSchema,
  checkContract,
  fromBinary,
  timestampDate,
  toJson,
} from '@handcheck/contracts';

/**
 * A referral as it was requested and checked: the message's fields by their proto names,
 * as the gateway took them from the body, stored and given to the templates as they are.
 */
export type ReferralRequest = ReferralBody & { id: string; requested_at: Date };

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
  let json: JsonObject;
  let message: ReferralRequested;
  try {
    message = fromBinary(ReferralRequestedSchema, value);
    json = toJson(ReferralRequestedSchema, message, { useProtoFieldName: true }) as JsonObject;
  } catch (error) {
    return {
      ok: false,
      reason: `not a ReferralRequested message: ${error instanceof Error ? error.message : String(error)}`,
      referralId: null,
    };
  }
  // The envelope is the gateway's; the body is checked with the very class the gateway
  // validated it with (cleaning included), so what the gateway accepted is accepted here.
  const { id: _id, requested_at: _requestedAt, ...fields } = json;
  const envelope: string[] = [];
  if (!UUID.test(message.id)) envelope.push('id is not a UUID');
  if (!message.requestedAt) envelope.push('requested_at is missing');
  const body = checkContract(ReferralRequestBody, fields);
  const problems = [...envelope, ...(body.ok ? [] : body.details)];
  if (!body.ok || problems.length > 0) {
    const referralId = UUID.test(message.id) ? message.id.toLowerCase() : null;
    return { ok: false, reason: `invalid referral: ${problems.join('; ')}`, referralId };
  }
  return {
    ok: true,
    referral: {
      ...body.value,
      id: message.id.toLowerCase(),
      requested_at: timestampDate(message.requestedAt!),
    },
  };
}
