import { createClient, type ClickHouseClient } from '@clickhouse/client';

export interface ClickHouseSettings {
  url: string;
  database: string;
  username?: string;
  password?: string;
  requestTimeoutMs?: number;
}

export function createClickHouse(settings: ClickHouseSettings): ClickHouseClient {
  return createClient({
    url: settings.url,
    database: settings.database,
    username: settings.username ?? 'default',
    password: settings.password ?? '',
    request_timeout: settings.requestTimeoutMs ?? 30_000,
    clickhouse_settings: {
      date_time_input_format: 'best_effort',
      output_format_json_quote_64bit_integers: 0,
      // A query whose client went away keeps ClickHouse busy; bound every query.
      max_execution_time: 60,
    },
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
