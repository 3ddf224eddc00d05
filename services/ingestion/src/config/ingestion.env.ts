import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';
import { CommonEnv } from '@handcheck/server-kit';
import { SERVICES } from '@handcheck/service-registry';

export class IngestionEnv extends CommonEnv {
  override PORT = SERVICES.ingestion.httpPort;

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
