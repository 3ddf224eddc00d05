import { type ClickHouseClient } from '@clickhouse/client';
import { createClickHouse, sqlIdentifier } from '@handcheck/server-kit';
import { testClickHouseLogin } from '@handcheck/server-kit/testing';

/** A client of `database` as ingestion, the account that writes and owns the schema. */
export function testClickHouse(database: string): ClickHouseClient {
  return createClickHouse({ ...testClickHouseLogin(), database });
}

export async function dropDatabase(database: string): Promise<void> {
  const client = createClickHouse({ ...testClickHouseLogin(), database: 'default' });
  await client.command({ query: `DROP DATABASE IF EXISTS ${sqlIdentifier(database)}` });
  await client.close();
}

export async function rows<T>(client: ClickHouseClient, query: string): Promise<T[]> {
  const result = await client.query({ query, format: 'JSONEachRow' });
  return result.json<T>();
}
