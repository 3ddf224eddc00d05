import { IsString, IsUrl, Matches } from 'class-validator';
import { type ClickHouseSettings } from './clickhouse-client';

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

  /**
   * The servers' cluster (remote_servers) to make the schema on, replicated
   * and with Distributed tables (cluster-ddl.ts); empty: one server.
   */
  @IsString()
  @Matches(/^([A-Za-z_][A-Za-z0-9_]*)?$/, {
    message: 'CLICKHOUSE_CLUSTER must be empty or a plain identifier',
  })
  CLICKHOUSE_CLUSTER = '';

  clickhouse(): ClickHouseSettings {
    return {
      url: this.CLICKHOUSE_URL,
      database: this.CLICKHOUSE_DATABASE,
      username: this.CLICKHOUSE_USER,
      password: this.CLICKHOUSE_PASSWORD,
      ...(this.CLICKHOUSE_CLUSTER ? { cluster: this.CLICKHOUSE_CLUSTER } : {}),
    };
  }
}
