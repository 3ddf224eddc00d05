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

function describe(errors: ValidationError[]): string[] {
  return errors.flatMap((error) =>
    Object.values(error.constraints ?? {}).map(
      (message) =>
        `${error.property}: ${message} (got ${JSON.stringify(error.value) ?? 'nothing'})`,
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
