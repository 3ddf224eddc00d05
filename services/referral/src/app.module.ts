import { Module } from '@nestjs/common';
import { join } from 'node:path';
import { ScheduleModule } from '@nestjs/schedule';
import {
  EnvModule,
  HealthModule,
  KafkaHealth,
  KafkaModule,
  MailerHealth,
  MailerModule,
  MetricsModule,
  MongoHealth,
  MongoModule,
  createLoggerModule,
} from '@handcheck/server-kit';
import { ReferralEnv } from './config/referral.env';
import { ReferralsModule } from './referrals/referrals.module';

@Module({
  imports: [
    EnvModule.forRoot('referral', ReferralEnv),
    createLoggerModule('referral', ReferralEnv),
    MetricsModule.forRoot(),
    // Its topics are made by ReferralSender: their names and retention are settings.
    KafkaModule.forRoot(),
    MongoModule.forRoot(),
    // From src/ (tests) and dist/ (built) alike.
    MailerModule.forRoot({ templatesDir: join(__dirname, '..', 'templates') }),
    HealthModule.forRoot({ ready: [KafkaHealth, MongoHealth, MailerHealth] }),
    // Once, here only: imported twice it would run every job twice.
    ScheduleModule.forRoot(),
    ReferralsModule,
  ],
})
export class AppModule {}
