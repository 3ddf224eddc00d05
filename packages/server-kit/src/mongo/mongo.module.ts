import { type DynamicModule, Global, Injectable, Logger, Module } from '@nestjs/common';
import { InjectConnection, MongooseModule } from '@nestjs/mongoose';
import { type Connection } from 'mongoose';
import { envProvider } from '../config/config.module';
import { MongoEnv } from './mongo.env';
import { withTimeout } from '../resilience/timeout';
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

const RECONNECT_DELAY_MS = 5000;

/**
 * Mongoose gives up for good when the first connection fails (it reconnects only once it
 * has been connected). A service that starts without MongoDB tries again every 5 s until
 * it gets there, or until the service closes the connection at shutdown.
 */
function keepConnecting(connection: Connection, uri: string): void {
  const logger = new Logger('MongoDB');
  connection.asPromise().catch((error: unknown) => {
    logger.warn(
      `MongoDB is unreachable (${error instanceof Error ? error.message : String(error)}); trying again in ${RECONNECT_DELAY_MS / 1000} s`,
    );
    setTimeout(() => {
      if ((connection as Connection & { _closeCalled?: boolean })._closeCalled) return;
      connection
        .openUri(uri, { serverSelectionTimeoutMS: 5000, autoIndex: true })
        .catch(() => undefined);
      keepConnecting(connection, uri);
    }, RECONNECT_DELAY_MS).unref();
  });
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
  /**
   * `startup: 'background'` lets the service start while MongoDB is away (the gateway must
   * serve the site regardless): the connection is made in the background and queries wait
   * for it (mongoose buffers them) instead of start-up waiting.
   */
  static forRoot(options: { startup?: 'wait' | 'background' } = {}): DynamicModule {
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
            lazyConnection: options.startup === 'background',
            connectionFactory: (connection: Connection) => {
              if (options.startup === 'background') keepConnecting(connection, env.MONGO_URL);
              return connection;
            },
          }),
        }),
      ],
      providers: [MongoHealth],
      exports: [MongoHealth, envModule],
    };
  }
}
