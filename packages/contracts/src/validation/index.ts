export {
  CONTRACT_VALIDATION,
  checkContract,
  detailsOf,
  problemsOf,
  type Checked,
} from './check-contract';
export { IsEmailAddress } from './is-email-address';
export { contractSchemas, type JsonSchema, type JsonSchemas } from './json-schemas';
