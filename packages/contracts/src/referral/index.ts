export * from './referral-fields';
export { ReferralRequestBody } from './referral-request';
export { isCheckerCondition, isCheckerKeySymptom } from './checker-lines';
