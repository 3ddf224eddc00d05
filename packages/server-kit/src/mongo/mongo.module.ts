import { type DynamicModule, Global, Injectable, Module } from '@nestjs/common';
import { InjectConnection, MongooseModule } from '@nestjs/mongoose';
import { type Connection } from 'mongoose';
import { envProvider } from '../config/config.module';
import { MongoEnv } from '../config/engine-env';
import { withTimeout } from '../health/engine-checks';
import { type ReadinessCheck } from '../health/readiness';

@Injectable()
export class MongoHealth implements ReadinessCheck {
  readonly key = 'mongodb';

  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** Up when the server answers ping on our connection (MongoDB or FerretDB). */
  async probe(): Promise<void> {
    const db = this.connection.db;
    if (!db || this.connection.readyState !== 1) throw new Error('MongoDB is not connected');
    await withTimeout(db.admin().ping(), 2000, 'MongoDB');
  }
}

@Global()
@Module({})
class MongoEnvModule {
  static forRoot(): DynamicModule {
    return { module: MongoEnvModule, providers: [envProvider(MongoEnv)], exports: [MongoEnv] };
  }
}

/**
 * MongoDB for one service: its settings (MONGO_URL), the mongoose connection
 * (@nestjs/mongoose owns connect and close; features register their schemas
 * with MongooseModule.forFeature), and its readiness check.
 */
@Global()
@Module({})
export class MongoModule {
  static forRoot(): DynamicModule {
    const envModule = MongoEnvModule.forRoot();
    return {
      module: MongoModule,
      imports: [
        envModule,
        MongooseModule.forRootAsync({
          imports: [envModule],
          inject: [MongoEnv],
          useFactory: (env: MongoEnv) => ({
            uri: env.MONGO_URL,
            serverSelectionTimeoutMS: 5000,
            // Indexes are declared on the schemas; build them at start.
            autoIndex: true,
          }),
        }),
      ],
      providers: [MongoHealth],
      exports: [MongoHealth, envModule],
    };
  }
}
