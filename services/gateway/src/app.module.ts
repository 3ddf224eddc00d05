import { Module } from '@nestjs/common';
import { TOPICS, topicWithDeadLetters } from '@handcheck/contracts';
import {
  EnvModule,
  HealthModule,
  KafkaModule,
  MetricsModule,
  createLoggerModule,
} from '@handcheck/server-kit';
import { GatewayEnv } from './config/gateway.env';
import { EventsModule } from './events/events.module';
import { SiteHealth } from './site/site.health';

@Module({
  imports: [
    EnvModule.forRoot('gateway', GatewayEnv),
    createLoggerModule('gateway', GatewayEnv),
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
    EventsModule,
    HealthModule.forRoot({ ready: [SiteHealth], own: [SiteHealth] }),
  ],
})
export class AppModule {}
