import { type DynamicModule, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { EngineHealth } from './engine-health';
import { HealthController, READINESS_CHECKS } from './health.controller';
import { type ReadinessCheck, type ReadinessCheckClass } from './readiness';

/**
 * A service's health routes. `ready` lists the checks its readiness depends
 * on: the indicators the engine modules export, plus any of the service's own
 * (listed in both `own`, which makes them providers here, and `ready`).
 */
@Module({})
export class HealthModule {
  static forRoot(options: {
    ready: ReadinessCheckClass[];
    own?: ReadinessCheckClass[];
  }): DynamicModule {
    return {
      module: HealthModule,
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: [HealthController],
      providers: [
        EngineHealth,
        ...(options.own ?? []),
        {
          provide: READINESS_CHECKS,
          inject: options.ready,
          useFactory: (...checks: ReadinessCheck[]) => checks,
        },
      ],
    };
  }
}
