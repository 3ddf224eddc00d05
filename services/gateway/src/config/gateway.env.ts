import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { CommonEnv } from '@handcheck/server-kit';
import { SERVICES } from '@handcheck/service-registry';

const list = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : value;

export class GatewayEnv extends CommonEnv {
  override PORT = SERVICES.gateway.httpPort;

  /** /metrics on a port of its own: PORT faces the internet, this one never does. 0 picks a free port (tests). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT = SERVICES.gateway.metricsPort;

  /** Directory holding the built site (web/dist). */
  @IsString()
  @IsNotEmpty()
  WEB_DIST_DIR = '../../web/dist';

  @IsUrl({ require_tld: false, require_protocol: true })
  SITE_ORIGIN = 'http://localhost:8080';

  /** Proxies whose X-Forwarded-For we believe (IPs or CIDRs, comma-separated); empty = none. */
  @IsOptional()
  @Transform(list)
  @IsString({ each: true })
  TRUSTED_PROXIES: string[] = [];

  /** Path to a MaxMind-format city database; empty = the bundled GeoLite2 city database. */
  @IsOptional()
  @IsString()
  GEOIP_DB_PATH = '';

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  PRODUCER_LINGER_MS = 5;

  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(1_000_000)
  PRODUCER_MAX_BUFFERED = 20_000;
}
