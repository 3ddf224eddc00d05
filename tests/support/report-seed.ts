import { randomUUID } from 'node:crypto';
import { createClickHouseServerClient, migrate } from '@handcheck/server-kit';
import { testClickHouseLogin } from '@handcheck/server-kit/testing';
import { MIGRATIONS } from '../../services/ingestion/src/clickhouse/schema';

/** A time as ClickHouse's DateTime text (UTC, whole seconds). */
export const clickhouseTime = (ms: number) =>
  new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Creates `database` on the test ClickHouse with every ingestion migration applied. */
export async function migrateClickHouse(database: string): Promise<void> {
  const server = createClickHouseServerClient({ ...testClickHouseLogin(), database: 'default' });
  await migrate(server, database, MIGRATIONS);
  await server.close();
}

/** A checker_events row with a fresh event id, received when it was made (`ms`). */
export function checkerEventRow(
  session: string,
  type: string,
  step: number | null,
  ms: number,
): Record<string, unknown> {
  return {
    event_id: randomUUID(),
    session_id: session,
    event_type: type,
    page_path: '/symptom-checker',
    step_number: step,
    top_condition: null,
    diagnosis_confidence: null,
    event_data: '{}',
    user_agent: 'test',
    created_at: clickhouseTime(ms),
    received_at: clickhouseTime(ms),
  };
}
