import { type ClickHouseClient } from '@clickhouse/client';
import { clickHouseErrorCode, createClickHouse, sqlIdentifier } from '@handcheck/server-kit';
import { type ClickHouseAccount, testClickHouseLogin } from '@handcheck/server-kit/testing';

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

/** What ClickHouse answered one statement over HTTP, and the error code in its text, if any. */
export interface HttpAnswer {
  status: number;
  text: string;
  code?: number;
}

/**
 * One statement over HTTP, signed in as `account` with nothing else sent (no
 * setting, unless `params` has some): what an analyst's curl sends.
 */
export async function httpStatement(
  account: ClickHouseAccount,
  sql: string,
  params: Record<string, string> = {},
): Promise<HttpAnswer> {
  const { url, username, password } = testClickHouseLogin(account);
  const address = new URL(url);
  for (const [name, value] of Object.entries(params)) address.searchParams.set(name, value);
  const response = await fetch(address, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
    },
    body: sql,
  });
  const text = await response.text();
  const code = response.ok ? undefined : clickHouseErrorCode(new Error(text));
  return { status: response.status, text, ...(code === undefined ? {} : { code }) };
}

/** ClickHouse's TOO_MANY_SIMULTANEOUS_QUERIES: the analyst's limit of queries at once. */
const TOO_MANY_SIMULTANEOUS_QUERIES = 202;

/**
 * The rows of a query run as the analyst in `database`. A refusal for the
 * account's queries at once (202) is tried again for up to 30 s: the analyst
 * limits spec may hold both of the account's places for a moment.
 */
export async function analystRows<T>(database: string, sql: string): Promise<T[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await httpStatement('analyst', `${sql}\nFORMAT JSONEachRow`, { database });
    if (answer.status === 200) {
      return answer.text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as T);
    }
    if (answer.code !== TOO_MANY_SIMULTANEOUS_QUERIES || Date.now() > deadline) {
      throw new Error(`ClickHouse refused the analyst's query (${answer.status}): ${answer.text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
