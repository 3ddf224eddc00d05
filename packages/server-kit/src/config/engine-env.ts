import { Type } from 'class-transformer';
import { IsInt, IsString, IsUrl, Matches, Max, Min } from 'class-validator';
import { type ClickHouseSettings } from '../clickhouse/clickhouse-client';
import { CommonEnv } from './common-env';

// Settings several services share, declared once with their validation.

function all(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

/** `host:port[,host:port…]`, as kafkajs wants it. */
export const IsBrokerList = () =>
  all(
    IsString(),
    Matches(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/, {
      message: '$property must be a comma-separated list of host:port',
    }),
  );

export const IsMongoUrl = () =>
  all(
    IsString(),
    Matches(/^mongodb(\+srv)?:\/\/\S+$/, {
      message: '$property must be a mongodb:// connection string',
    }),
  );

export const IsPort = () =>
  all(Type(() => Number) as PropertyDecorator, IsInt(), Min(1), Max(65535));

/** Services that read or write the analytics database. */
export class ClickHouseEnv extends CommonEnv {
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

  clickhouse(): ClickHouseSettings {
    return {
      url: this.CLICKHOUSE_URL,
      database: this.CLICKHOUSE_DATABASE,
      username: this.CLICKHOUSE_USER,
      password: this.CLICKHOUSE_PASSWORD,
    };
  }
}
