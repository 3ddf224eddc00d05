import { createClient, type ClickHouseClient } from '@clickhouse/client';

export interface ClickHouseSettings {
  url: string;
  database: string;
  username?: string;
  password?: string;
  requestTimeoutMs?: number;
  /** The cluster the tables are on (CLICKHOUSE_CLUSTER), if any. */
  cluster?: string;
}

/** The settings every query and insert of the product runs with. */
export const CLICKHOUSE_SETTINGS = {
  date_time_input_format: 'best_effort',
  output_format_json_quote_64bit_integers: 0,
  // A query whose client went away keeps ClickHouse busy; bound every query.
  max_execution_time: 60,
} as const;

export function createClickHouse(settings: ClickHouseSettings): ClickHouseClient {
  return createClient({
    url: settings.url,
    database: settings.database,
    username: settings.username ?? 'default',
    password: settings.password ?? '',
    request_timeout: settings.requestTimeoutMs ?? 30_000,
    // On a cluster, inserts go to Distributed tables (cluster-ddl.ts), answered
    // only once every shard holds the rows, not once queued on this server's
    // disk, where a crash of this server would keep them from the others.
    clickhouse_settings: settings.cluster
      ? { ...CLICKHOUSE_SETTINGS, insert_distributed_sync: 1 }
      : CLICKHOUSE_SETTINGS,
  });
}

/** The same client without a default database, for creating it. */
export function createClickHouseServerClient(settings: ClickHouseSettings): ClickHouseClient {
  return createClickHouse({ ...settings, database: 'default' });
}

const ERROR = /Code: (\d+), e\.displayText\(\) = DB::Exception: (.*?),? e\.what\(\)/s;

/** 18.16's error text is not parsed by the client; recover the code where it matters. */
export function clickHouseErrorCode(error: unknown): number | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const match = ERROR.exec(message);
  if (match?.[1]) return Number(match[1]);
  const modern = /Code: (\d+)\./.exec(message);
  if (modern?.[1]) return Number(modern[1]);
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^\d+$/.test(code) ? Number(code) : undefined;
}

/**
 * ClickHouse error codes that say the server cannot take the insert now (or
 * not yet), as opposed to refusing the data: timeouts, network, memory, too
 * many parts or queries, read-only or missing tables (a migration not yet
 * run), authentication, and the like. An insert failing with these is retried.
 */
const UNAVAILABLE_CODES = new Set([
  3, // UNEXPECTED_END_OF_FILE
  60, // UNKNOWN_TABLE
  81, // UNKNOWN_DATABASE
  159, // TIMEOUT_EXCEEDED
  164, // READONLY
  192,
  193,
  194,
  195,
  516, // unknown user, wrong password, required password, IP not allowed, authentication failed
  201, // QUOTA_EXPIRED
  202, // TOO_MANY_SIMULTANEOUS_QUERIES
  203, // NO_FREE_CONNECTION
  209, // SOCKET_TIMEOUT
  210, // NETWORK_ERROR
  236, // ABORTED
  241, // MEMORY_LIMIT_EXCEEDED
  242, // TABLE_IS_READ_ONLY
  252, // TOO_MANY_PARTS
  285, // TOO_FEW_LIVE_REPLICAS
  319, // UNKNOWN_STATUS_OF_INSERT
  394, // QUERY_WAS_CANCELLED
  425, // SYSTEM_ERROR
  473, // DEADLOCK_AVOIDED
  999, // KEEPER_EXCEPTION
]);

const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
]);

/**
 * True when an error means ClickHouse is unreachable or cannot work now (try
 * again later); false when it refused what was sent (the data is at fault,
 * and sending it again will fail the same way). An error without a
 * ClickHouse code and not from the network counts as unavailable: nothing is
 * given up on a guess.
 */
export function isClickHouseUnavailable(error: unknown): boolean {
  if (networkErrorCode(error) !== undefined) return true;
  const code = clickHouseErrorCode(error);
  if (code !== undefined) return UNAVAILABLE_CODES.has(code);
  return true;
}

/** The network error code (ECONNREFUSED, …) behind an error, if any. */
export function networkErrorCode(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_ERRORS.has(code)) return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  const message = error instanceof Error ? error.message : String(error);
  return /socket hang up|timeout/i.test(message) ? 'socket' : undefined;
}
