/**
 * Business constants from spec section 9 ("Other limits") and section 5. The referral form's
 * own limits live with its contract (`@handcheck/contracts/referral-fields`).
 */
export const ADDITIONAL_INFO_MAX = 500;
export const CONFIDENCE_CAP = 95;
export const STEPS = 6;

/** Only this many conditions are shown and sent with a referral. */
export const TOP_CONDITIONS_MAX = 3;

/** Priority band thresholds on the confidence percentage. */
export const PRIORITY_HIGH_MIN = 80;
export const PRIORITY_MEDIUM_MIN = 60;
