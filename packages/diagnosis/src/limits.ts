/** Field limits and business constants from spec section 9 ("Other limits") and section 5. */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const LOCATION_MAX = 100;
export const ADDITIONAL_INFO_MAX = 500;
export const CONFIDENCE_CAP = 95;
export const STEPS = 6;

/** Only this many conditions are shown and sent with a referral. */
export const TOP_CONDITIONS_MAX = 3;

/** Priority band thresholds on the confidence percentage. */
export const PRIORITY_HIGH_MIN = 80;
export const PRIORITY_MEDIUM_MIN = 60;
