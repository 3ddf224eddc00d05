import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { type ClickHouseSettings } from '../clickhouse/clickhouse-client';

// Each engine module owns the settings of its engine, validated here once. A
// service lists the engines it uses (packages/service-registry) and so reads
// exactly these settings; nothing else reads process.env.

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

/** A port this process listens on; 0 asks the system for a free one (tests). */
export const IsListenPort = () =>
  all(Type(() => Number) as PropertyDecorator, IsInt(), Min(0), Max(65535));

const booleanText = ({ value }: { value: unknown }) =>
  value === 'true' || value === '1'
    ? true
    : value === 'false' || value === '0' || value === ''
      ? false
      : value;

export class KafkaEnv {
  @IsBrokerList()
  KAFKA_BROKERS = '127.0.0.1:9092';
}

export class ClickHouseEnv {
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

export class MongoEnv {
  @IsMongoUrl()
  MONGO_URL = 'mongodb://127.0.0.1:27017/handcheck';
}

export class MailerEnv {
  @IsString()
  SMTP_HOST = '127.0.0.1';

  @IsPort()
  SMTP_PORT = 1025;

  /** TLS from the first byte (port 465); otherwise STARTTLS is used when the relay offers it. */
  @Transform(booleanText)
  @IsBoolean()
  SMTP_SECURE = false;

  @IsOptional()
  @IsString()
  SMTP_USER = '';

  @IsOptional()
  @IsString()
  SMTP_PASSWORD = '';

  /** The sender of every HandCheck mail. */
  @IsEmail({ require_tld: false, allow_display_name: true })
  MAIL_FROM = 'HandCheck <no-reply@handcheck.local>';
}
