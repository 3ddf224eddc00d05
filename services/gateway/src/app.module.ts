import { Module } from '@nestjs/common';
import { EnvModule, createLoggerModule } from '@handcheck/server-kit';
import { GatewayEnv } from './config/gateway.env';
import { EventsModule } from './events/events.module';
import { HealthModule } from './health/health.module';
import { KafkaModule } from './kafka/kafka.module';

@Module({
  imports: [
    EnvModule.forRoot('gateway', GatewayEnv),
    createLoggerModule('gateway', GatewayEnv),
    KafkaModule,
    EventsModule,
    HealthModule,
  ],
})
export class AppModule {}
