import { Matches, type ValidationOptions } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { EMAIL_PATTERN } from '../text/email';

/**
 * An address by the contracts' one rule (the HTML standard's, see text/email.ts), for every
 * class that holds one: request bodies, messages and the services' settings. Its JSON Schema
 * says `format: email` with the exact pattern.
 */
export function IsEmailAddress(options?: ValidationOptions): PropertyDecorator {
  return (target: object, property: string | symbol) => {
    Matches(EMAIL_PATTERN, options)(target, property as string);
    if (!options?.each) JSONSchema({ format: 'email' })(target, property as string);
  };
}
