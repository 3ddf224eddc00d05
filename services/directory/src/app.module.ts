import { Module } from '@nestjs/common';
import {
  EnvModule,
  HealthModule,
  MetricsModule,
  MongoHealth,
  MongoModule,
  createLoggerModule,
} from '@handcheck/server-kit';
import { DirectoryEnv } from './config/directory.env';
import { SpecialistsModule } from './specialists/specialists.module';

@Module({
  imports: [
    EnvModule.forRoot('directory', DirectoryEnv),
    createLoggerModule('directory', DirectoryEnv),
    MetricsModule.forRoot(),
    MongoModule.forRoot(),
    SpecialistsModule,
    HealthModule.forRoot({ ready: [MongoHealth] }),
  ],
})
export class AppModule {}
