import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TerminusModule } from '@nestjs/terminus';
import {
  EngineHealth,
  EnvModule,
  brokerList,
  createKafka,
  createLoggerModule,
} from '@handcheck/server-kit';
import { ReferralEnv } from './config/referral.env';
import { HealthController } from './health/health.controller';
import { KAFKA } from './kafka.tokens';

@Module({
  imports: [
    EnvModule.forRoot('referral', ReferralEnv),
    createLoggerModule('referral', ReferralEnv),
    MongooseModule.forRootAsync({
      inject: [ReferralEnv],
      useFactory: (env: ReferralEnv) => ({ uri: env.MONGO_URL, serverSelectionTimeoutMS: 5000 }),
    }),
    TerminusModule.forRoot({ logger: false }),
  ],
  controllers: [HealthController],
  providers: [
    EngineHealth,
    {
      provide: KAFKA,
      inject: [ReferralEnv],
      useFactory: (env: ReferralEnv) =>
        createKafka({ clientId: 'referral', brokers: brokerList(env.KAFKA_BROKERS) }),
    },
  ],
})
export class AppModule {}
