import { ADDITIONAL_INFO_MAX, CONDITION_NAMES, TOP_CONDITIONS_MAX } from '@handcheck/diagnosis';
import {
  EMAIL_MAX,
  cleanEmail,
  cleanLine,
  cleanLines,
  cleanOptionalLine,
  cleanOptionalText,
} from '../text';

/*
 * The referral request (spec section 7's body) as every side sees it: its limits, its
 * cleaning and its messages. Dependency-free, so the web form uses these very values; the
 * class-validator class in referral-request.ts is built from them for the gateway and the
 * referral consumer.
 */

/** Spec sections 5 and 9, plus our bounds on the lists the checker fills. */
export const REFERRAL_LIMITS = {
  name: 100,
  email: EMAIL_MAX,
  location: 100,
  additionalInfo: ADDITIONAL_INFO_MAX,
  topConditions: TOP_CONDITIONS_MAX,
  /** The checker lists at most about a dozen key symptoms (spec section 9). */
  keySymptoms: 30,
  /** A condition name or a key symptom. */
  listItem: 200,
} as const;

/**
 * What top_conditions may name: the checker's conditions (spec section 3's 18 names), the
 * list the analytics events' topCondition is held to as well. The form sends the names the
 * checker gave; anything else in a mail would be words nobody's assessment said.
 */
export const REFERRAL_CONDITIONS: readonly string[] = CONDITION_NAMES;

/**
 * The error texts a person reads (the email and location ones are the spec's toasts, section
 * 8). A value of the wrong JSON type gets its field's message where the spec has one, else
 * "must be text" or "must be a list of text": the form never sends one.
 */
export const REFERRAL_MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  locationRequired: 'Please enter your location.',
  nameNotText: 'patient_name must be text.',
  additionalInfoNotText: 'additional_info must be text.',
  nameTooLong: `Your name can be at most ${REFERRAL_LIMITS.name} characters.`,
  locationTooLong: `Your location can be at most ${REFERRAL_LIMITS.location} characters.`,
  additionalInfoTooLong: `Additional information can be at most ${REFERRAL_LIMITS.additionalInfo} characters.`,
  topConditionsNotList: 'top_conditions must be a list of text.',
  topConditionsTooMany: `top_conditions can hold at most ${REFERRAL_LIMITS.topConditions} conditions.`,
  topConditionTooLong: `Each of top_conditions can be at most ${REFERRAL_LIMITS.listItem} characters.`,
  topConditionUnknown:
    "Each of top_conditions must be the name of one of the symptom checker's conditions.",
  keySymptomsNotList: 'key_symptoms must be a list of text.',
  keySymptomsTooMany: `key_symptoms can hold at most ${REFERRAL_LIMITS.keySymptoms} symptoms.`,
  keySymptomTooLong: `Each of key_symptoms can be at most ${REFERRAL_LIMITS.listItem} characters.`,
  idSetByHandCheck: 'id is set by HandCheck: leave it out of the request.',
  requestedAtSetByHandCheck: 'requested_at is set by HandCheck: leave it out of the request.',
} as const;

/**
 * How each field is cleaned before it is checked (spec section 5), invisible characters
 * (format characters such as U+200B and U+202E) removed first. Names, places and list items
 * are one line; additional information may have several. Cleaning never cuts: a field too
 * long after cleaning is refused, not shortened.
 */
export const REFERRAL_CLEANING = {
  patient_name: cleanOptionalLine,
  patient_email: cleanEmail,
  patient_location: cleanLine,
  top_conditions: cleanLines,
  key_symptoms: cleanLines,
  additional_info: cleanOptionalText,
} as const;

/** The body of POST /api/referrals, as cleaned. */
export interface ReferralBody {
  patient_name: string | null;
  patient_email: string;
  patient_location: string;
  top_conditions: string[];
  key_symptoms: string[];
  additional_info: string | null;
}
