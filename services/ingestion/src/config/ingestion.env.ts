import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, IsUrl, Matches, Max, Min } from 'class-validator';
import { CommonEnv, brokerList } from '@handcheck/server-kit';

export class IngestionEnv extends CommonEnv {
  override PORT = 8081;

  @IsString()
  @Matches(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/, {
    message: 'KAFKA_BROKERS must be a comma-separated list of host:port',
  })
  KAFKA_BROKERS = '127.0.0.1:9092';

  @IsUrl({ require_tld: false, require_protocol: true })
  CLICKHOUSE_URL = 'http://127.0.0.1:8123';

  @IsString()
  @Matches(/^[A-Za-z_][A-Za-z0-9_]*$/, {
    message: 'CLICKHOUSE_DATABASE must be a plain identifier',
  })
  CLICKHOUSE_DATABASE = 'handcheck';

  @IsString()
  CLICKHOUSE_USER = 'default';

  @IsString()
  CLICKHOUSE_PASSWORD = '';

  @IsString()
  @IsNotEmpty()
  CONSUMER_GROUP = 'ingestion';

  /** The broker holds a fetch until this much data is ready, or until the wait below ends. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  BATCH_MIN_BYTES = 65_536;

  @Type(() => Number)
  @IsInt()
  @Min(10)
  @Max(10_000)
  BATCH_MAX_WAIT_MS = 500;

  brokers(): string[] {
    return brokerList(this.KAFKA_BROKERS);
  }
}
