import { testInfra } from '@handcheck/server-kit/testing';

const CLICKHOUSE_URL = testInfra().clickhouseUrl.replace(/\/+$/, '');
/** The database the supervised test stack's ingestion writes to. */
const DATABASE = process.env.CLICKHOUSE_DATABASE ?? 'handcheck';

/** Runs a query on the test stack's ClickHouse over HTTP and returns its rows. */
export async function clickhouseRows<T>(sql: string): Promise<T[]> {
  const params = new URLSearchParams({ database: DATABASE, query: `${sql} FORMAT JSONEachRow` });
  const response = await fetch(`${CLICKHOUSE_URL}/?${params.toString()}`);
  const text = await response.text();
  if (!response.ok) throw new Error(`ClickHouse ${response.status}: ${text}`);
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}
