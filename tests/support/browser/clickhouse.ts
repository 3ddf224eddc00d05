import { testInfra } from '@handcheck/server-kit/testing';

const CLICKHOUSE_URL = testInfra().clickhouseUrl.replace(/\/+$/, '');
/** The database the supervised test stack's ingestion writes to. */
const DATABASE = process.env.CLICKHOUSE_DATABASE ?? 'handcheck';

/** The rows of a query on the test stack's ClickHouse, over HTTP; numbers as numbers (18.16 quotes 64-bit integers otherwise). */
export async function clickhouseRows<T>(sql: string): Promise<T[]> {
  const params = new URLSearchParams({
    database: DATABASE,
    output_format_json_quote_64bit_integers: '0',
    query: `${sql} FORMAT JSONEachRow`,
  });
  const response = await fetch(`${CLICKHOUSE_URL}/?${params.toString()}`);
  const text = await response.text();
  if (!response.ok) throw new Error(`ClickHouse ${response.status}: ${text}`);
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}
