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
import { ReferralEnv, referralTopics } from './config/referral.env';
import { ReferralsModule } from './referrals/referrals.module';

@Module({
  imports: [
    EnvModule.forRoot('referral', ReferralEnv),
    createLoggerModule('referral', ReferralEnv),
    MetricsModule.forRoot(),
    KafkaModule.forRoot({ topicsFrom: { inject: [ReferralEnv], useFactory: referralTopics } }),
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
