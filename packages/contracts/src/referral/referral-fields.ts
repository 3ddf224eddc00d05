import { ADDITIONAL_INFO_MAX, TOP_CONDITIONS_MAX } from '@handcheck/diagnosis';
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

/** The error texts a person reads (the email and location ones are the spec's toasts, section 8). */
export const REFERRAL_MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  locationRequired: 'Please enter your location.',
  nameTooLong: `Your name can be at most ${REFERRAL_LIMITS.name} characters.`,
  locationTooLong: `Your location can be at most ${REFERRAL_LIMITS.location} characters.`,
  additionalInfoTooLong: `Additional information can be at most ${REFERRAL_LIMITS.additionalInfo} characters.`,
  topConditionsNotList: 'top_conditions must be a list of condition names.',
  topConditionsTooMany: `top_conditions can hold at most ${REFERRAL_LIMITS.topConditions} conditions.`,
  topConditionTooLong: `Each of top_conditions can be at most ${REFERRAL_LIMITS.listItem} characters.`,
  keySymptomsNotList: 'key_symptoms must be a list of symptoms.',
  keySymptomsTooMany: `key_symptoms can hold at most ${REFERRAL_LIMITS.keySymptoms} symptoms.`,
  keySymptomTooLong: `Each of key_symptoms can be at most ${REFERRAL_LIMITS.listItem} characters.`,
} as const;

/**
 * How each field is cleaned before it is checked (spec section 5). Names, places and list
 * items are one line; additional information may have several. Cleaning never cuts: a
 * field too long after cleaning is refused, not shortened.
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
