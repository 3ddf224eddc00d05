import { Module, RequestMethod } from '@nestjs/common';
import { TOPICS, topicWithDeadLetters } from '@handcheck/contracts';
import {
  EnvModule,
  HealthModule,
  KafkaModule,
  MetricsModule,
  MongoModule,
  RateLimitModule,
  createLoggerModule,
} from '@handcheck/server-kit';
import { AdminReferralsModule } from './admin-referrals/admin-referrals.module';
import { AdminReportsModule } from './admin-reports/admin-reports.module';
import { AuthModule } from './auth/auth.module';
import { GatewayEnv } from './config/gateway.env';
import { EventsModule } from './events/events.module';
import { ReferralsModule } from './referrals/referrals.module';
import { SiteHealth } from './site/site.health';
import { SpecialistsModule } from './specialists/specialists.module';

@Module({
  imports: [
    EnvModule.forRoot('gateway', GatewayEnv),
    // The routes Fastify serves straight (EventsRoute, SpecialistsRoute) were never logged per
    // request, and are not now: nearly every request is one of them.
    createLoggerModule('gateway', GatewayEnv, [
      { path: 'events', method: RequestMethod.POST },
      { path: 'specialists', method: RequestMethod.GET },
    ]),
    MetricsModule.forRoot({
      ownPort: {
        inject: [GatewayEnv],
        useFactory: (env: GatewayEnv) => ({ port: env.METRICS_PORT, host: env.HOST }),
      },
    }),
    // In the background: the site serves while Kafka is away (see SiteHealth).
    KafkaModule.forRoot({
      startup: 'background',
      topics: [TOPICS.analyticsEventBatches, TOPICS.referralsRequested].flatMap(
        topicWithDeadLetters,
      ),
    }),
    // Admin users and sessions; in the background, so the site serves while MongoDB is away.
    MongoModule.forRoot({ startup: 'background' }),
    // The sign-in and referral limits hold across replicas: their counters are in MongoDB.
    RateLimitModule.forMongo(),
    AuthModule,
    AdminReportsModule,
    AdminReferralsModule,
    EventsModule,
    ReferralsModule,
    SpecialistsModule,
    HealthModule.forRoot({ ready: [SiteHealth], own: [SiteHealth] }),
  ],
})
export class AppModule {}
