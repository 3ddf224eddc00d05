export * from './referral-fields';
export { ReferralRequestBody } from './referral-request';
export { referralBodyOf } from './referral-message';
export { isCheckerCondition, isCheckerKeySymptom } from './checker-lines';
