import { Readable } from 'node:stream';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { type ClickHouseClient } from '@clickhouse/client';
import { ClickHouseEnv } from './clickhouse.env';
import { withTimeout } from '../resilience/timeout';
import { createClickHouse, createClickHouseServerClient } from './clickhouse-client';
import { type ClusterSchema } from './cluster-ddl';
import { type Migration, migrate } from './migrations';
import { INSERT_FORMAT, type InsertValue, tabSeparatedRows } from './tab-separated';

export const CLICKHOUSE_OPTIONS = Symbol('CLICKHOUSE_OPTIONS');

export interface ClickHouseModuleOptions {
  /** The schema this service owns, applied before anything else starts (ingestion owns the analytics schema). */
  migrations?: readonly Migration[];
  /**
   * With CLICKHOUSE_CLUSTER, which shard each row of the migrations' tables
   * goes to: an expression of columns every table has, or one per table (cluster-ddl.ts).
   */
  shardingKey?: ClusterSchema['shardingKey'];
}

export interface QueryOptions {
  /** Names the query in system.processes and the query log (a random id by default). */
  queryId?: string;
  /** Bounds this query below the client's default (60 s). */
  maxExecutionSeconds?: number;
  /** Bounds the memory ClickHouse may use for this query (its max_memory_usage). */
  maxMemoryBytes?: number;
}

/**
 * The service's one ClickHouse client: it applies the owner's migrations at
 * start, and closes last. Repositories read and write through it; nothing
 * else holds the client.
 */
@Injectable()
export class ClickHouseService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ClickHouse');
  private readonly client: ClickHouseClient;
  /** The database the client's queries run in (CLICKHOUSE_DATABASE). */
  readonly database: string;

  constructor(
    private readonly env: ClickHouseEnv,
    @Inject(CLICKHOUSE_OPTIONS) private readonly options: ClickHouseModuleOptions,
  ) {
    this.client = createClickHouse(env.clickhouse());
    this.database = env.CLICKHOUSE_DATABASE;
  }

  async onModuleInit(): Promise<void> {
    if (!this.options.migrations?.length) return;
    const server = createClickHouseServerClient(this.env.clickhouse());
    try {
      const cluster = this.env.CLICKHOUSE_CLUSTER;
      const shardingKey = this.options.shardingKey;
      if (cluster && !shardingKey)
        throw new Error('CLICKHOUSE_CLUSTER is set but the schema has no shardingKey');
      const applied = await migrate(server, this.database, this.options.migrations, {
        ...(cluster && shardingKey ? { cluster: { cluster, shardingKey } } : {}),
      });
      if (applied.length > 0) this.logger.log(`Applied migrations ${applied.join(', ')}`);
    } finally {
      await server.close();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }

  /** Answers when ClickHouse does: the readiness probe of services that need it. */
  async probe(timeoutMs = 2000): Promise<void> {
    const result = await withTimeout(this.client.ping(), timeoutMs, 'ClickHouse');
    if (!result.success) throw result.error;
  }

  /** One insert of `rows` into `table`, every row with the same columns (tabSeparatedRows). */
  async insert(
    table: string,
    rows: ReadonlyArray<Readonly<Record<string, InsertValue>>>,
  ): Promise<void> {
    await insertRows(this.client, table, rows);
  }

  /** The rows a SELECT answers, one object a row. */
  async rows<T>(query: string, options: QueryOptions = {}): Promise<T[]> {
    const result = await this.client.query({
      query,
      format: 'JSONEachRow',
      query_id: options.queryId,
      clickhouse_settings: {
        max_execution_time: options.maxExecutionSeconds,
        max_memory_usage: options.maxMemoryBytes?.toString(),
      },
    });
    return result.json<T>();
  }
}

/** An insert as the services send it: TabSeparated under the rows' own columns. */
export async function insertRows(
  client: ClickHouseClient,
  table: string,
  rows: ReadonlyArray<Readonly<Record<string, InsertValue>>>,
): Promise<void> {
  const { columns, text } = tabSeparatedRows(rows);
  // The client takes a raw format's rows only as a byte stream.
  const values = Readable.from([Buffer.from(text)], { objectMode: false });
  await client.insert({ table, values, format: INSERT_FORMAT, columns });
}
