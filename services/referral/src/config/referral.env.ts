import { IsNotEmpty, IsString } from 'class-validator';
import { CommonEnv, IsBrokerList, IsMongoUrl, IsPort } from '@handcheck/server-kit';

export class ReferralEnv extends CommonEnv {
  override PORT = 8083;

  @IsBrokerList()
  KAFKA_BROKERS = '127.0.0.1:9092';

  @IsMongoUrl()
  MONGO_URL = 'mongodb://127.0.0.1:27017/handcheck';

  @IsString()
  @IsNotEmpty()
  SMTP_HOST = '127.0.0.1';

  @IsPort()
  SMTP_PORT = 1025;
}
