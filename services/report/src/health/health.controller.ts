import { Controller, Get, Inject, type OnApplicationShutdown } from '@nestjs/common';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { type ClickHouseClient } from '@clickhouse/client';
import { EngineHealth, checkClickHouse, checkSmtp } from '@handcheck/server-kit';
import { ReportEnv } from '../config/report.env';
import { CLICKHOUSE } from '../clickhouse.tokens';

@Controller('health')
export class HealthController implements OnApplicationShutdown {
  constructor(
    private readonly health: HealthCheckService,
    private readonly engines: EngineHealth,
    private readonly env: ReportEnv,
    @Inject(CLICKHOUSE) private readonly clickhouse: ClickHouseClient,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.clickhouse.close();
  }

  @Get()
  @HealthCheck()
  check() {
    return this.health.check([
      () => this.engines.check('clickhouse', () => checkClickHouse(this.clickhouse)),
      () => this.engines.check('smtp', () => checkSmtp(this.env.SMTP_HOST, this.env.SMTP_PORT)),
    ]);
  }
}
