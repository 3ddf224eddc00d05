import { Injectable } from '@nestjs/common';
import { ClickHouseService, Metrics, isClickHouseUnavailable } from '@handcheck/server-kit';
import { type Row, type RowSource, type TableName, rowsByTable } from './event-rows';

/** Something stored as rows of the analytics tables (an event). */
export type Storable = RowSource;

/** What ClickHouse refused to store, and its reason. */
export interface Refused<T> {
  item: T;
  reason: string;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The analytics tables (ClickHouse): ingestion writes them, the report reads them. */
@Injectable()
export class AnalyticsRepository {
  private readonly insertSeconds;
  private readonly insertedRows;

  constructor(
    private readonly clickhouse: ClickHouseService,
    metrics: Metrics,
  ) {
    this.insertSeconds = metrics.histogram({
      name: 'ingestion_insert_duration_seconds',
      help: 'Time for one ClickHouse insert, by table',
      labelNames: ['table'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });
    this.insertedRows = metrics.counter({
      name: 'ingestion_rows_inserted_total',
      help: 'Rows written to ClickHouse, by table',
      labelNames: ['table'],
    });
  }

  /**
   * Stores every item's rows with one insert per table, one row per event id
   * (rowsByTable: an id sent twice is stored once). A table's insert that
   * ClickHouse refuses for its data is made again row by row, so only the items
   * whose rows it refuses are returned, with its reason, and the rest are
   * stored. ClickHouse being unavailable throws, for the caller to retry.
   */
  async insert<T extends Storable>(items: readonly T[]): Promise<Array<Refused<T>>> {
    const tables = rowsByTable(items);
    const refused = new Map<T, string>();
    await Promise.all(
      [...tables].map(async ([table, rows]) => {
        try {
          await this.insertRows(
            table,
            rows.map(({ row }) => row),
          );
        } catch (error) {
          if (isClickHouseUnavailable(error)) throw error;
          for (const { source: item, row } of rows) {
            try {
              await this.insertRows(table, [row]);
            } catch (rowError) {
              if (isClickHouseUnavailable(rowError)) throw rowError;
              refused.set(item, `ClickHouse refused the ${table} row: ${errorMessage(rowError)}`);
            }
          }
        }
      }),
    );
    return [...refused].map(([item, reason]) => ({ item, reason }));
  }

  private async insertRows(table: TableName, rows: Row[]): Promise<void> {
    const end = this.insertSeconds.startTimer({ table });
    await this.clickhouse.insert(table, rows);
    end();
    this.insertedRows.inc({ table }, rows.length);
  }
}
