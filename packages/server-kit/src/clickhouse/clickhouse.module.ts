import { type DynamicModule, Global, Module } from '@nestjs/common';
import { envProvider } from '../config/config.module';
import { ClickHouseEnv } from './clickhouse.env';
import { ClickHouseHealth } from './clickhouse.health';
import {
  CLICKHOUSE_OPTIONS,
  type ClickHouseModuleOptions,
  ClickHouseService,
} from './clickhouse.service';

/** ClickHouse for one service: its settings (CLICKHOUSE_*), its client, its readiness check. */
@Global()
@Module({})
export class ClickHouseModule {
  static forRoot(options: ClickHouseModuleOptions = {}): DynamicModule {
    return {
      module: ClickHouseModule,
      providers: [
        envProvider(ClickHouseEnv),
        { provide: CLICKHOUSE_OPTIONS, useValue: options },
        ClickHouseService,
        ClickHouseHealth,
      ],
      exports: [ClickHouseEnv, ClickHouseService, ClickHouseHealth],
    };
  }
}
