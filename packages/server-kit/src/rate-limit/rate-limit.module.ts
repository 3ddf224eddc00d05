import { type DynamicModule, Global, Module } from '@nestjs/common';
import { MongooseModule, getConnectionToken } from '@nestjs/mongoose';
import { type Connection } from 'mongoose';
import { MongoLimitStore } from './mongo-limit-store';
import { RateLimitCounter, RateLimitCounterSchema } from './rate-limit-counter.schema';

export const RATE_LIMITS_COLLECTION = 'rate_limits';

/** A MongoLimitStore on `collection` for every module of the app (needs MongoModule). */
@Global()
@Module({})
export class RateLimitModule {
  static forMongo(collection = RATE_LIMITS_COLLECTION): DynamicModule {
    return {
      module: RateLimitModule,
      imports: [
        MongooseModule.forFeature([
          { name: RateLimitCounter.name, schema: RateLimitCounterSchema, collection },
        ]),
      ],
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
