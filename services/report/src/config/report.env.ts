import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, IsUrl, Matches, Max, Min } from 'class-validator';
import { CommonEnv } from '@handcheck/server-kit';

export class ReportEnv extends CommonEnv {
  override PORT = 8084;

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
  SMTP_HOST = '127.0.0.1';

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  SMTP_PORT = 1025;
}
