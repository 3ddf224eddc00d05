export { CONTRACT_VALIDATION, checkContract, problemsOf, type Checked } from './check-contract';
export { IsEmailAddress } from './is-email-address';
