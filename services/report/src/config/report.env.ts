import { IsNotEmpty, IsString } from 'class-validator';
import { ClickHouseEnv, IsPort } from '@handcheck/server-kit';

export class ReportEnv extends ClickHouseEnv {
  override PORT = 8084;

  @IsString()
  @IsNotEmpty()
  SMTP_HOST = '127.0.0.1';

  @IsPort()
  SMTP_PORT = 1025;
}
