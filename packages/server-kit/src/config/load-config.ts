import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { type ValidationError, validateSync } from 'class-validator';

export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`${service} cannot start, its configuration is invalid:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Settings whose values must never reach a log: the message says only how long they were. */
const SECRET_SETTING = /SECRET|PASSWORD|TOKEN|KEY$/i;

function shown(property: string, value: unknown): string {
  if (SECRET_SETTING.test(property) && typeof value === 'string') {
    return value === '' ? 'nothing' : `a value of ${value.length} characters, not shown`;
  }
  return JSON.stringify(value) ?? 'nothing';
}

function describe(errors: ValidationError[]): string[] {
  return errors.flatMap((error) =>
    Object.values(error.constraints ?? {}).map(
      (message) => `${error.property}: ${message} (got ${shown(error.property, error.value)})`,
    ),
  );
}

/**
 * Reads the environment once into a typed, validated object. Nothing else in a
 * service reads process.env, so a bad setting fails at start with its name.
 */
export function loadConfig<T extends object>(
  service: string,
  schema: new () => T,
  env: NodeJS.ProcessEnv = process.env,
): T {
  const config = plainToInstance(schema, env, {
    enableImplicitConversion: true,
    excludeExtraneousValues: false,
    exposeDefaultValues: true,
  });
  const errors = validateSync(config, { whitelist: false, skipMissingProperties: false });
  if (errors.length > 0) throw new ConfigError(service, describe(errors));
  return config;
}
