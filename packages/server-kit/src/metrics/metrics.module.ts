import { type DynamicModule, Global, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { METRICS_LISTEN, type MetricsListen, MetricsServer } from './metrics-server';
import { Metrics } from './metrics.service';

export interface MetricsOptions {
  /**
   * Serve /metrics on a port of its own instead of as a route of the app (the
   * gateway, whose app port is public). A factory, so it can read the service's env.
   */
  ownPort?: {
    inject: Array<new (...args: never[]) => unknown>;
    useFactory: (...args: never[]) => MetricsListen;
  };
}

/** Prometheus metrics for one app: process defaults, HTTP timings, and whatever its providers add. */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(options: MetricsOptions = {}): DynamicModule {
    const own = options.ownPort;
    return {
      module: MetricsModule,
      providers: [
        Metrics,
        ...(own
          ? [
              { provide: METRICS_LISTEN, inject: own.inject, useFactory: own.useFactory },
              MetricsServer,
            ]
          : []),
      ],
      controllers: own ? [] : [MetricsController],
      exports: [Metrics, ...(own ? [MetricsServer] : [])],
    };
  }
}
