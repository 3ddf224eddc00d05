import {
  IsEmail,
  IsOptional,
  IsString,
  IsUrl,
  MinLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { TOPICS } from '@handcheck/contracts';
import {
  GrpcEnv,
  HostPortSetting,
  IntSetting,
  IsListenPort,
  ListSetting,
  OptionalTextSetting,
  TextSetting,
  TopicSetting,
} from '@handcheck/server-kit';
import { SERVICES } from '@handcheck/service-registry';

/** Bytes, not characters: an HS256 key should hold at least 256 bits. */
export const MIN_JWT_SECRET_BYTES = 32;
/** The shortest admin password we accept (admin:create, the bootstrap admin). */
export const MIN_PASSWORD_LENGTH = 12;

const AtLeastBytes = (min: number) =>
  ValidateBy({
    name: 'atLeastBytes',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' && Buffer.byteLength(value, 'utf8') >= min,
      defaultMessage: () =>
        `$property must be at least ${min} bytes (required when NODE_ENV=production)`,
    },
  });

export class GatewayEnv extends GrpcEnv {
  override PORT = SERVICES.gateway.httpPort;

  /** /metrics on a port of its own: PORT faces the internet, this one never does. 0 picks a free port (tests). */
  @IsListenPort()
  METRICS_PORT = SERVICES.gateway.metricsPort;

  /** Directory holding the built site (web/dist). */
  @TextSetting()
  WEB_DIST_DIR = '../../web/dist';

  /** The site's public origin: canonical URLs, and Secure sign-in cookies unless plain http on localhost (auth-cookies.ts). */
  @IsUrl({ require_tld: false, require_protocol: true })
  SITE_ORIGIN = 'http://localhost:8080';

  /** Proxies whose X-Forwarded-For we believe (IPs or CIDRs, comma-separated); empty = none. */
  @IsOptional()
  @ListSetting()
  @IsString({ each: true })
  TRUSTED_PROXIES: string[] = [];

  /** Path to a MaxMind-format city database; empty = the bundled GeoLite2 city database. */
  @OptionalTextSetting()
  GEOIP_DB_PATH = '';

  /** How long accepted events wait for company before a send to Kafka (docs/configuration.md). */
  @IntSetting({ min: 1, max: 1000 })
  PRODUCER_LINGER_MS = 20;

  /**
   * Accepted events held for Kafka before /api/events answers 503. At 20,000 a burst at the
   * intake's full rate (over 20,000 events a second on a 2-core machine) outran Kafka's answers
   * within a second; the byte bound below is what bounds the memory.
   */
  @IntSetting({ min: 100, max: 1_000_000 })
  PRODUCER_MAX_BUFFERED = 200_000;

  /**
   * The most bytes of accepted events (encoded, as sent to Kafka) the gateway
   * holds for Kafka before /api/events answers 503: the bound that keeps the
   * pod under its memory limit during a Kafka outage. Default 64 MiB.
   */
  @IntSetting({ min: 1_048_576, max: 1_073_741_824 })
  PRODUCER_MAX_BUFFERED_BYTES = 67_108_864;

  /**
   * POST /api/events per client address: requests per second it earns, and
   * how many it may send at once. The site's tracker sends at most one request
   * every 2 s plus a beacon or two when a page is left; these leave room for
   * several visitors behind one address.
   */
  @IntSetting({ min: 1, max: 100_000 })
  EVENTS_RATE_PER_SECOND = 10;

  @IntSetting({ min: 1, max: 100_000 })
  EVENTS_BURST = 40;

  /** The directory service's gRPC address (`host:port`), for GET /api/specialists. */
  @HostPortSetting()
  DIRECTORY_GRPC_URL = `127.0.0.1:${SERVICES.directory.grpcPort ?? 9082}`;

  /** The report service's gRPC address (`host:port`), for the admin's weekly test run and dashboard. */
  @HostPortSetting()
  REPORT_GRPC_URL = `127.0.0.1:${SERVICES.report.grpcPort ?? 9084}`;

  /** The referral service's gRPC address (`host:port`), for the admin's failed referrals and their retry. */
  @HostPortSetting()
  REFERRAL_GRPC_URL = `127.0.0.1:${SERVICES.referral.grpcPort ?? 9083}`;

  /**
   * How long GET /api/specialists serves the directory's list without asking again (and its
   * Cache-Control max-age). After that the list is still served at once while one refresh
   * runs in the background.
   */
  @IntSetting({ min: 1, max: 3600 })
  DIRECTORY_CACHE_SECONDS = 30;

  /**
   * Signs the admin access tokens (HS256). Required in production (at least 32 bytes, e.g.
   * `openssl rand -base64 48`); elsewhere, when empty, each process makes a random one, so
   * tokens do not outlive a restart.
   */
  @ValidateIf((env: GatewayEnv) => env.NODE_ENV === 'production' || env.JWT_SECRET !== '')
  @AtLeastBytes(MIN_JWT_SECRET_BYTES)
  JWT_SECRET = '';

  /** With ADMIN_BOOTSTRAP_PASSWORD: an admin created at start when none exists yet. */
  @ValidateIf((env: GatewayEnv) => env.ADMIN_BOOTSTRAP_EMAIL !== '')
  @IsEmail({ require_tld: false })
  ADMIN_BOOTSTRAP_EMAIL = '';

  @ValidateIf((env: GatewayEnv) => env.ADMIN_BOOTSTRAP_EMAIL !== '')
  @IsString()
  @MinLength(MIN_PASSWORD_LENGTH)
  ADMIN_BOOTSTRAP_PASSWORD = '';

  /** POST /api/referrals: referrals one client (one address) may send in each window… */
  @IntSetting({ min: 1, max: 1_000_000 })
  REFERRAL_RATE_LIMIT = 5;

  /** …of this many seconds (5 per 600 s: a client that sent 5 waits for the window to end). */
  @IntSetting({ min: 1, max: 86_400 })
  REFERRAL_RATE_WINDOW_SECONDS = 600;

  /** How long POST /api/referrals waits for Kafka's acknowledgement before answering 503. */
  @IntSetting({ min: 100, max: 30_000 })
  REFERRAL_PUBLISH_TIMEOUT_MS = 5000;

  /** The topic event batches are published to; a test that counts what it sent uses its own. */
  @TopicSetting()
  ANALYTICS_TOPIC: string = TOPICS.analyticsEventBatches;

  /** The topic referrals are published to; tests isolate themselves with their own. */
  @TopicSetting()
  REFERRAL_TOPIC: string = TOPICS.referralsRequested;
}
