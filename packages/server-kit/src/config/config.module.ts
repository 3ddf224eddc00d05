import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { CommonEnv } from './common-env';
import { loadConfig } from './load-config';

/** The service's name, for messages and metrics; provided by EnvModule. */
export const SERVICE_NAME = Symbol('SERVICE_NAME');

/** A provider that validates one settings class from the environment, naming the service on failure. */
export function envProvider<T extends object>(schema: new () => T): Provider {
  return {
    provide: schema,
    inject: [SERVICE_NAME],
    useFactory: (service: string) => loadConfig(service, schema),
  };
}

/** Makes a service's validated Env class (and its name) injectable everywhere in that service. */
@Module({})
export class EnvModule {
  static forRoot<T extends object>(service: string, schema: new () => T): DynamicModule {
    return {
      module: EnvModule,
      global: true,
      providers: [
        { provide: SERVICE_NAME, useValue: service },
        envProvider(schema),
        // The settings every service shares, for server-kit's HTTP defaults.
        { provide: CommonEnv, useExisting: schema },
      ],
      exports: [SERVICE_NAME, schema, CommonEnv],
    };
  }
}
