import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TerminusModule } from '@nestjs/terminus';
import { EngineHealth, EnvModule, createLoggerModule } from '@handcheck/server-kit';
import { DirectoryEnv } from './config/directory.env';
import { HealthController } from './health/health.controller';

@Module({
  imports: [
    EnvModule.forRoot('directory', DirectoryEnv),
    createLoggerModule('directory', DirectoryEnv),
    MongooseModule.forRootAsync({
      inject: [DirectoryEnv],
      useFactory: (env: DirectoryEnv) => ({ uri: env.MONGO_URL, serverSelectionTimeoutMS: 5000 }),
    }),
    TerminusModule.forRoot({ logger: false }),
  ],
  controllers: [HealthController],
  providers: [EngineHealth],
})
export class AppModule {}
