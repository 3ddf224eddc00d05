import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { type ClickHouseClient } from '@clickhouse/client';
import { createClickHouse, createClickHouseServerClient, migrate } from '@handcheck/server-kit';
import { IngestionEnv } from '../config/ingestion.env';
import { MIGRATIONS } from './schema';

export const CLICKHOUSE = Symbol('CLICKHOUSE');

/** Applies the schema migrations before anything consumes, and closes the client last. */
@Injectable()
class ClickHouseLifecycle implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ClickHouse');

  constructor(
    @Inject(CLICKHOUSE) private readonly client: ClickHouseClient,
    private readonly env: IngestionEnv,
  ) {}

  async onModuleInit(): Promise<void> {
    const server = createClickHouseServerClient(this.env.clickhouse());
    try {
      const applied = await migrate(server, this.env.CLICKHOUSE_DATABASE, MIGRATIONS);
      if (applied.length > 0) this.logger.log(`Applied migrations ${applied.join(', ')}`);
    } finally {
      await server.close();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: CLICKHOUSE,
      inject: [IngestionEnv],
      useFactory: (env: IngestionEnv) => createClickHouse(env.clickhouse()),
    },
    ClickHouseLifecycle,
  ],
  exports: [CLICKHOUSE],
})
export class ClickHouseModule {}
