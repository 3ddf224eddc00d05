import {
  Controller,
  Get,
  Inject,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { type Admin, type Kafka } from 'kafkajs';
import { type Connection } from 'mongoose';
import { EngineHealth, checkKafka, checkMongo, checkSmtp } from '@handcheck/server-kit';
import { ReferralEnv } from '../config/referral.env';
import { KAFKA } from '../kafka.tokens';

@Controller('health')
export class HealthController implements OnModuleInit, OnApplicationShutdown {
  private readonly admin: Admin;

  constructor(
    private readonly health: HealthCheckService,
    private readonly engines: EngineHealth,
    private readonly env: ReferralEnv,
    @Inject(KAFKA) kafka: Kafka,
    @InjectConnection() private readonly mongo: Connection,
  ) {
    this.admin = kafka.admin();
  }

  async onModuleInit(): Promise<void> {
    await this.admin.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.admin.disconnect();
  }

  @Get()
  @HealthCheck()
  check() {
    return this.health.check([
      () => this.engines.check('kafka', () => checkKafka(this.admin)),
      () => this.engines.check('mongodb', () => checkMongo(this.mongo)),
      () => this.engines.check('smtp', () => checkSmtp(this.env.SMTP_HOST, this.env.SMTP_PORT)),
    ]);
  }
}
