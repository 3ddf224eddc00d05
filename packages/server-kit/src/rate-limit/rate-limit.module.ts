import { type DynamicModule, Global, Module } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { type Connection } from 'mongoose';
import { MongoLimitStore, RATE_LIMITS_COLLECTION } from './mongo-limit-store';

/** A MongoLimitStore on `collection` for every module of the app (needs MongoModule). */
@Global()
@Module({})
export class RateLimitModule {
  static forMongo(collection = RATE_LIMITS_COLLECTION): DynamicModule {
    return {
      module: RateLimitModule,
      providers: [
        {
          provide: MongoLimitStore,
          inject: [getConnectionToken()],
          useFactory: (connection: Connection) => new MongoLimitStore(connection, collection),
        },
      ],
      exports: [MongoLimitStore],
    };
  }
}
