import { Controller, Get, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { type ClickHouseClient } from '@clickhouse/client';
import { EngineHealth, checkClickHouse, checkKafka } from '@handcheck/server-kit';
import { CLICKHOUSE } from '../clickhouse/clickhouse.module';
import { KafkaAdmin } from '../kafka.module';

@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly engines: EngineHealth,
    private readonly kafka: KafkaAdmin,
    @Inject(CLICKHOUSE) private readonly clickhouse: ClickHouseClient,
  ) {}

  @Get()
  @HealthCheck()
  check() {
    return this.health.check([
      () => this.engines.check('kafka', () => checkKafka(this.kafka.admin)),
      () => this.engines.check('clickhouse', () => checkClickHouse(this.clickhouse)),
    ]);
  }
}
