import { plainToInstance } from 'class-transformer';
import { type ValidationError, validateSync } from 'class-validator';

/**
 * `problems` are the messages a person reads (what the gateway answers); `details` name the
 * field of each, for logs and dead-letter reasons.
 */
export type Checked<T> =
  { ok: true; value: T } | { ok: false; problems: string[]; details: string[] };

/**
 * The options every side validates a contract with: the gateway's ValidationPipe
 * (server-kit's validationPipe) uses the same ones, so what the gateway accepts, a
 * consumer accepts.
 */
export const CONTRACT_VALIDATION = { whitelist: true, forbidNonWhitelisted: true } as const;

// class-validator says "property x should not exist"; a person reads this better.
const messagesOf = (error: ValidationError): string[] => [
  // One field's rules may share a message (an empty email fails two with the same words).
  ...new Set(
    Object.entries(error.constraints ?? {}).map(([rule, message]) =>
      rule === 'whitelistValidation' ? `"${error.property}" is not a field` : message,
    ),
  ),
];

/** Every constraint message, nested ones included, in the order the fields are declared. */
export function problemsOf(errors: ValidationError[]): string[] {
  return errors.flatMap((error) => [...messagesOf(error), ...problemsOf(error.children ?? [])]);
}

/** The same problems, each with the path of its field: `patient_email: Please enter …`. */
export function detailsOf(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => {
    const path = prefix === '' ? error.property : `${prefix}.${error.property}`;
    return [
      ...[...new Set(Object.values(error.constraints ?? {}))].map(
        (message) => `${path}: ${message}`,
      ),
      ...detailsOf(error.children ?? [], path),
    ];
  });
}

/**
 * Cleans and checks a plain value with a contract class (its @Transform cleaning, then its
 * class-validator rules): the check a consumer runs on each decoded message.
 */
export function checkContract<T extends object>(contract: new () => T, plain: unknown): Checked<T> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    return { ok: false, problems: ['not an object'], details: ['not an object'] };
  }
  const value = plainToInstance(contract, plain);
  const errors = validateSync(value, CONTRACT_VALIDATION);
  if (errors.length === 0) return { ok: true, value };
  return { ok: false, problems: problemsOf(errors), details: detailsOf(errors) };
}
