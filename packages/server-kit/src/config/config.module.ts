import { type DynamicModule, Module } from '@nestjs/common';
import { loadConfig } from './load-config';

/** Makes a service's validated Env class injectable everywhere in that service. */
@Module({})
export class EnvModule {
  static forRoot<T extends object>(service: string, schema: new () => T): DynamicModule {
    return {
      module: EnvModule,
      global: true,
      providers: [{ provide: schema, useFactory: () => loadConfig(service, schema) }],
      exports: [schema],
    };
  }
}
