import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';
import { ClickHouseEnv, IsBrokerList } from '@handcheck/server-kit';

export class IngestionEnv extends ClickHouseEnv {
  override PORT = 8081;

  @IsBrokerList()
  KAFKA_BROKERS = '127.0.0.1:9092';

  @IsString()
  @IsNotEmpty()
  CONSUMER_GROUP = 'ingestion';

  /** The broker holds a fetch until this much data is ready, or until the wait below ends. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  BATCH_MIN_BYTES = 1_048_576;

  @Type(() => Number)
  @IsInt()
  @Min(10)
  @Max(10_000)
  BATCH_MAX_WAIT_MS = 500;
}
