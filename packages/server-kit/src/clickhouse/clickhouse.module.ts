import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { type ClickHouseClient } from '@clickhouse/client';
import { envProvider } from '../config/config.module';
import { ClickHouseEnv } from '../config/engine-env';
import { withTimeout } from '../resilience/timeout';
import { type ReadinessCheck } from '../health/readiness';
import { createClickHouse, createClickHouseServerClient } from './clickhouse-client';
import { type Migration, migrate } from './migrations';

/** The one token for the service's ClickHouse client. */
export const CLICKHOUSE = Symbol('CLICKHOUSE');
const CLICKHOUSE_OPTIONS = Symbol('CLICKHOUSE_OPTIONS');

export interface ClickHouseModuleOptions {
  /** The schema this service owns, applied before anything else starts (ingestion owns the analytics schema). */
  migrations?: readonly Migration[];
}

/** Applies the owner's migrations at start and closes the client last. */
@Injectable()
class ClickHouseLifecycle implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ClickHouse');

  constructor(
    @Inject(CLICKHOUSE) private readonly client: ClickHouseClient,
    @Inject(CLICKHOUSE_OPTIONS) private readonly options: ClickHouseModuleOptions,
    private readonly env: ClickHouseEnv,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.options.migrations?.length) return;
    const server = createClickHouseServerClient(this.env.clickhouse());
    try {
      const applied = await migrate(server, this.env.CLICKHOUSE_DATABASE, this.options.migrations);
      if (applied.length > 0) this.logger.log(`Applied migrations ${applied.join(', ')}`);
    } finally {
      await server.close();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

@Injectable()
export class ClickHouseHealth implements ReadinessCheck {
  readonly key = 'clickhouse';

  constructor(@Inject(CLICKHOUSE) private readonly client: ClickHouseClient) {}

  async probe(): Promise<void> {
    const result = await withTimeout(this.client.ping(), 2000, 'ClickHouse');
    if (!result.success) throw result.error;
  }
}

/** ClickHouse for one service: its settings (CLICKHOUSE_*), one client, its readiness check. */
@Global()
@Module({})
export class ClickHouseModule {
  static forRoot(options: ClickHouseModuleOptions = {}): DynamicModule {
    return {
      module: ClickHouseModule,
      providers: [
        envProvider(ClickHouseEnv),
        { provide: CLICKHOUSE_OPTIONS, useValue: options },
        {
          provide: CLICKHOUSE,
          inject: [ClickHouseEnv],
          useFactory: (env: ClickHouseEnv) => createClickHouse(env.clickhouse()),
        },
        ClickHouseLifecycle,
        ClickHouseHealth,
      ],
      exports: [ClickHouseEnv, CLICKHOUSE, ClickHouseHealth],
    };
  }
}
