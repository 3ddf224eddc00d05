import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { EngineHealth } from '@handcheck/server-kit';
import { HealthController } from './health.controller';

@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [EngineHealth],
})
export class HealthModule {}
