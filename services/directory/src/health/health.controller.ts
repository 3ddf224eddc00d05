import { Controller, Get } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { type Connection } from 'mongoose';
import { EngineHealth, checkMongo } from '@handcheck/server-kit';

@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly engines: EngineHealth,
    @InjectConnection() private readonly mongo: Connection,
  ) {}

  @Get()
  @HealthCheck()
  check() {
    return this.health.check([() => this.engines.check('mongodb', () => checkMongo(this.mongo))]);
  }
}
