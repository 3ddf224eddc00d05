import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Matches, Max, Min } from 'class-validator';
import { CommonEnv, brokerList } from '@handcheck/server-kit';

export class ReferralEnv extends CommonEnv {
  override PORT = 8083;

  @IsString()
  @Matches(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/, {
    message: 'KAFKA_BROKERS must be a comma-separated list of host:port',
  })
  KAFKA_BROKERS = '127.0.0.1:9092';

  @IsString()
  @Matches(/^mongodb(\+srv)?:\/\/\S+$/, {
    message: 'MONGO_URL must be a mongodb:// connection string',
  })
  MONGO_URL = 'mongodb://127.0.0.1:27017/handcheck';

  @IsString()
  @IsNotEmpty()
  SMTP_HOST = '127.0.0.1';

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  SMTP_PORT = 1025;

  brokers(): string[] {
    return brokerList(this.KAFKA_BROKERS);
  }
}
