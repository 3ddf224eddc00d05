import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { EngineHealth, checkKafka } from '@handcheck/server-kit';
import { KafkaGateway } from '../kafka/kafka.module';

@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly engines: EngineHealth,
    private readonly kafka: KafkaGateway,
  ) {}

  @Get()
  @HealthCheck()
  check() {
    return this.health.check([
      () => this.engines.check('kafka', () => checkKafka(this.kafka.admin)),
    ]);
  }
}
