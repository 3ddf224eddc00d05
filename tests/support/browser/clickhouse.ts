import { testClickHouseLogin } from '@handcheck/server-kit/testing';

// The report's account: it only reads, and may send settings (readonly = 2).
const { url, username, password } = testClickHouseLogin('report');
const CLICKHOUSE_URL = url.replace(/\/+$/, '');
/** The database the supervised test stack's ingestion writes to. */
const DATABASE = process.env.CLICKHOUSE_DATABASE ?? 'handcheck';

/** The rows of a query on the test stack's ClickHouse, over HTTP; numbers as numbers (18.16 quotes 64-bit integers otherwise). */
export async function clickhouseRows<T>(sql: string): Promise<T[]> {
  const params = new URLSearchParams({
    database: DATABASE,
    output_format_json_quote_64bit_integers: '0',
    query: `${sql} FORMAT JSONEachRow`,
  });
  const response = await fetch(`${CLICKHOUSE_URL}/?${params.toString()}`, {
    headers: { 'X-ClickHouse-User': username, 'X-ClickHouse-Key': password },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`ClickHouse ${response.status}: ${text}`);
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}
